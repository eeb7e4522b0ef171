// The irregular gather/scatter benchmark of seeds/000 §5: root ⌊p/2⌋, average block sizes
// b ∈ {1, 10, 100, 1000, 10000} MPI_INT, the eight problem types, 10 warm-up calls and 75
// timed repetitions, minimum and median. Per instance: the padded MPI_Gather, guideline
// GL2's right-hand side, native MPI_Gatherv, and collscope's linear, binomial, Träff and
// Träff-with-degradation gatherv; the same for scatter. Prints a table per instance with
// ratios against the native v-collective of the same run and the α-β model time, flags every
// GL1/GL2 violation, and writes CSV with --csv.
//
//   mpirun -np P collscope-bench-gatherv [--reps R] [--warmup W] [--blocks 1,10,…]
//          [--problems same,random,…] [--collectives gatherv,scatterv] [--csv FILE]
//          [--alpha S] [--beta S_PER_BYTE] [--threshold BYTES] [--seed S] [--model-p 560,…]
#include "bench_report.hpp"
#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/schedule/irregular_problem.hpp"

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

namespace {

using namespace collscope;

struct Settings {
  int reps = 75, warmup = 10;
  std::vector<int> blocks{1, 10, 100, 1000, 10000};
  std::vector<schedule::Problem> problems{std::begin(schedule::all_problems),
                                          std::end(schedule::all_problems)};
  bool gather = true, scatter = true;
  std::string csv;
  double alpha = collscope::default_alpha_s, beta = collscope::default_beta_s_per_byte;
  std::int64_t threshold = IrregularTuning{}.threshold;
  std::uint64_t seed = 1;
  std::vector<int> model_ps{560}; ///< --model-p: α-β projections at these p (the paper's 560)
};

std::vector<std::string> split(std::string_view text) {
  std::vector<std::string> items;
  std::stringstream in{std::string(text)};
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  return items;
}

/// Settings, or throws a one-line message.
Settings parse(int argc, char** argv) {
  Settings s;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (i + 1 >= argc) throw std::runtime_error("option " + std::string(arg) + " needs a value");
    const std::string value = argv[++i];
    try {
      if (arg == "--reps") {
        s.reps = std::stoi(value);
      } else if (arg == "--warmup") {
        s.warmup = std::stoi(value);
      } else if (arg == "--blocks") {
        s.blocks.clear();
        for (const std::string& b : split(value)) s.blocks.push_back(std::stoi(b));
      } else if (arg == "--problems") {
        s.problems.clear();
        for (const std::string& name : split(value)) {
          const auto problem = schedule::parse_problem(name);
          if (!problem) throw std::runtime_error("unknown problem '" + name + "'");
          s.problems.push_back(*problem);
        }
      } else if (arg == "--collectives") {
        s.gather = value.find("gatherv") != std::string::npos;
        s.scatter = value.find("scatterv") != std::string::npos;
      } else if (arg == "--csv") {
        s.csv = value;
      } else if (arg == "--alpha") {
        s.alpha = std::stod(value);
      } else if (arg == "--beta") {
        s.beta = std::stod(value);
      } else if (arg == "--threshold") {
        s.threshold = std::stoll(value);
      } else if (arg == "--seed") {
        s.seed = std::stoull(value);
      } else if (arg == "--model-p") {
        s.model_ps.clear();
        for (const std::string& p : split(value)) s.model_ps.push_back(std::stoi(p));
      } else {
        throw std::runtime_error("unknown option '" + std::string(arg) + "'");
      }
    } catch (const std::invalid_argument&) {
      throw std::runtime_error(std::string(arg) + " expects a number, got '" + value + "'");
    }
  }
  if (s.reps < 1 || s.warmup < 0) throw std::runtime_error("--reps must be ≥ 1, --warmup ≥ 0");
  for (int b : s.blocks)
    if (b < 0 || b > 1000000) throw std::runtime_error("--blocks must lie in [0, 10^6]");
  for (int p : s.model_ps)
    if (p < 1 || p > 100000) throw std::runtime_error("--model-p must lie in [1, 10^5]");
  return s;
}

std::vector<bench::Row> run_instance(const Settings& s, schedule::Problem problem, int b,
                                     bool scatter, int root, MPI_Comm comm) {
  int p = 0;
  MPI_Comm_size(comm, &p);
  const std::vector<int> counts = schedule::problem_blocks(problem, p, b, s.seed);
  bench::Instance instance(counts, root, comm);
  const std::vector<bench::Variant> variants = instance.variants(scatter);
  const std::vector<bench::Timing> timings = bench::measure(variants, s.warmup, s.reps, comm);
  std::vector<std::int64_t> bytes(counts.begin(), counts.end());
  for (auto& m : bytes) m *= static_cast<std::int64_t>(sizeof(int));
  std::vector<bench::Row> rows;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const bench::Variant& v = variants[i];
    const double model = v.model ? schedule::irregular_model_time(*v.model, scatter, bytes, root,
                                                                  s.alpha, s.beta, s.threshold)
                                 : -1.0;
    rows.push_back({scatter ? "scatterv" : "gatherv", std::string(schedule::to_string(problem)), b,
                    v.name, v.role, timings[i], model});
  }
  return rows;
}

/// The α-β model alone at a larger p (no MPI): how the algorithms compare where the paper
/// measured, for gather and scatter: traff ÷ linear and traff ÷ binomial.
void print_projection(const Settings& s, int p) {
  using IA = schedule::IrregularAlgorithm;
  for (bool scatter : {false, true}) {
    std::printf("\n# α-β model at p = %d, root %d (no measurement): %s traff ÷ linear | "
                "traff ÷ binomial\n# %-12s",
                p, p / 2, scatter ? "scatterv" : "gatherv", "problem");
    for (int b : s.blocks) std::printf(" %13s", ("b=" + std::to_string(b)).c_str());
    std::printf("\n");
    for (schedule::Problem problem : s.problems) {
      std::printf("# %-12s", std::string(schedule::to_string(problem)).c_str());
      for (int b : s.blocks) {
        const std::vector<int> counts = schedule::problem_blocks(problem, p, b, s.seed);
        std::vector<std::int64_t> bytes(counts.begin(), counts.end());
        for (auto& m : bytes) m *= static_cast<std::int64_t>(sizeof(int));
        const auto t = [&](IA a) {
          return schedule::irregular_model_time(a, scatter, bytes, p / 2, s.alpha, s.beta,
                                                s.threshold);
        };
        char cell[32];
        const double traff = t(IA::traff);
        std::snprintf(cell, sizeof cell, "%.2f | %.2f", traff / t(IA::linear),
                      traff / t(IA::binomial));
        std::printf(" %13s", cell);
      }
      std::printf("\n");
    }
  }
}

int bench_main(int argc, char** argv) {
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  Settings s;
  try {
    s = parse(argc, argv); // every rank parses the same argv: all agree
  } catch (const std::exception& e) {
    if (rank == 0) std::fprintf(stderr, "collscope-bench-gatherv: error: %s\n", e.what());
    return 2;
  }
  set_irregular_tuning({s.threshold, nullptr});
  const int root = p / 2;
  std::FILE* csv = nullptr;
  if (rank == 0 && !s.csv.empty() && !(csv = std::fopen(s.csv.c_str(), "w")))
    std::fprintf(stderr, "collscope-bench-gatherv: cannot write %s; no CSV\n", s.csv.c_str());
  if (rank == 0)
    std::printf("# irregular gather/scatter benchmark (seeds/000 §5): p = %d, root = %d, MPI_INT "
                "blocks, %d warm-up and %d timed calls, time of the slowest rank\n"
                "# α-β model: α = %g s, β = %g s/byte; traff-degrade threshold %lld bytes\n"
                "# NOTE: with more processes than cores (oversubscribed, e.g. a 2-core CI "
                "machine) times are noisy;\n#       trust ratios within one run and the α-β "
                "column (not noisy) more than absolute µs.\n",
                p, root, s.warmup, s.reps, s.alpha, s.beta, static_cast<long long>(s.threshold));
  std::vector<std::string> found;
  std::vector<bench::Row> all;
  bool header = true;
  for (bool scatter : {false, true}) {
    if ((scatter && !s.scatter) || (!scatter && !s.gather)) continue;
    for (schedule::Problem problem : s.problems)
      for (int b : s.blocks) {
        const std::vector<bench::Row> rows =
            run_instance(s, problem, b, scatter, root, MPI_COMM_WORLD);
        if (rank != 0) continue;
        bench::print_instance(rows);
        std::fflush(stdout);
        if (csv) bench::write_csv(csv, rows, p, root, header);
        header = false;
        for (std::string& line : bench::violations(rows)) found.push_back(std::move(line));
        all.insert(all.end(), rows.begin(), rows.end());
      }
  }
  if (rank == 0) {
    bench::print_summary(all);
    for (int model_p : s.model_ps) print_projection(s, model_p);
    // Wall-clock times of more processes than cores are scheduling, not the algorithms: what
    // is left after the spread rule is a count to look into (on a real cluster, or simulated
    // with scripts/simulate), not a list of findings.
    std::printf("\n# guideline comparisons beyond the spread (median − min of both times): %zu "
                "(wall-clock on this machine: not findings; per instance, GL1!/GL2! above)\n",
                found.size());
    if (csv) std::fclose(csv);
  }
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const int status = bench_main(argc, argv);
  MPI_Finalize();
  return status;
}
