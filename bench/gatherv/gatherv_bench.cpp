// The irregular gather/scatter benchmark of seeds/000 §5: root ⌊p/2⌋, average block sizes
// b ∈ {1, 10, 100, 1000, 10000} MPI_INT, the eight problem types, 10 warm-up calls and 75
// timed repetitions, minimum and median. Per instance: the padded MPI_Gather, guideline
// GL2's right-hand side, native MPI_Gatherv, and collscope's linear, binomial, Träff and
// Träff-with-degradation gatherv; the same for scatter. Prints a table per instance with
// ratios against the native v-collective of the same run and the α-β model time, and writes
// CSV with --csv.
//
// Built with SimGrid SMPI (preset smpi, run by scripts/simulate-gatherv), the times are
// simulated and deterministic: 1 warm-up call and 2 timed ones by default (the second shows
// the spread is 0), and the guidelines GL1/GL2 are judged with a relative margin (--margin).
// On wall-clock times they are not judged (see bench_report.hpp).
//
//   mpirun -np P collscope-bench-gatherv [--reps R] [--warmup W] [--blocks 1,10,…]
//          [--problems same,random,…] [--collectives gatherv,scatterv] [--csv FILE]
//          [--alpha S] [--beta S_PER_BYTE] [--threshold BYTES] [--seed S] [--model-p 560,…]
//          [--variants regular,gl2,native,linear,binomial,traff,traff-degrade] [--margin F]
#include "bench_report.hpp"
#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/cli/ranks.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/schedule/irregular_problem.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

namespace {

using namespace collscope;
namespace cli = collscope::cli;

#if defined(COLLSCOPE_SMPI)
constexpr bool simulated = true;
#else
constexpr bool simulated = false;
#endif

// Every variant by the name --variants uses.
const char* const variant_keys[] = {"regular",  "gl2",   "native",       "linear",
                                    "binomial", "traff", "traff-degrade"};

std::string key_of(const bench::Variant& v) {
  switch (v.role) {
  case bench::Role::regular:
    return "regular";
  case bench::Role::guideline:
    return "gl2";
  case bench::Role::native:
    return "native";
  case bench::Role::ours:
    break;
  }
  return v.name;
}

struct Settings {
  // Simulated times are deterministic: one warm-up call takes SMPI's one-off set-ups (some
  // selectors build node communicators on first use), a second timed call shows the spread.
  int reps = simulated ? 2 : 75, warmup = simulated ? 1 : 10;
  std::vector<int> blocks{1, 10, 100, 1000, 10000};
  std::vector<schedule::Problem> problems{std::begin(schedule::all_problems),
                                          std::end(schedule::all_problems)};
  bool gather = true, scatter = true;
  std::string csv;
  double alpha = collscope::default_alpha_s, beta = collscope::default_beta_s_per_byte;
  std::int64_t threshold = IrregularTuning{}.threshold;
  std::uint64_t seed = 1;
  std::vector<int> model_ps{560}; ///< --model-p: α-β projections at these p (the paper's 560)
  std::vector<std::string> variants{std::begin(variant_keys), std::end(variant_keys)};
  bench::Judgement judgement{simulated, 0.05};
};

std::vector<std::string> split(std::string_view text) {
  std::vector<std::string> items;
  std::stringstream in{std::string(text)};
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  return items;
}

/// Comma-separated whole numbers in [lo, hi] for OPTION, or a usage error.
std::vector<int> numbers_of(const char* option, const std::string& text, int lo, int hi) {
  std::vector<int> numbers;
  for (const std::string& n : split(text))
    numbers.push_back(cli::whole_value<int>(option, n, lo, hi));
  if (numbers.empty()) throw cli::UsageError(std::string(option) + " wants at least one number");
  return numbers;
}

/// A whole-number option of type T ≥ lo into `into`.
template <typename T>
void add_whole(CLI::App& app, const char* option, const char* type, T& into, T lo,
               const std::string& help) {
  app.add_option_function<std::string>(
         option,
         [option, &into, lo](const std::string& v) { into = cli::whole_value<T>(option, v, lo); },
         help)
      ->type_name(type);
}

void define(CLI::App& app, Settings& s) {
  cli::synopsis(app, {"mpirun -np P {} [OPTIONS]"});
  app.description(
      "The irregular gather/scatter benchmark of seeds/000 §5: root ⌊p/2⌋, average block sizes of "
      "MPI_INT,\nthe eight problem types; per instance the padded MPI_Gather, guideline GL2's "
      "right-hand side,\nnative MPI_Gatherv and collscope's gatherv variants (the same for "
      "scatter), with ratios against\nthe native v-collective of the same run and the α-β "
      "model time. Under SimGrid SMPI (preset smpi,\nscripts/simulate-gatherv) the times are "
      "simulated and the guidelines GL1/GL2 are judged.");
  app.footer("Exit status: 0 measured (violations are figures: never 1); 2 a usage error.");
  add_whole(app, "--reps", "R", s.reps, 1,
            simulated ? "timed calls (default 2)" : "timed calls (default 75)");
  add_whole(app, "--warmup", "W", s.warmup, 0,
            simulated ? "untimed calls first (default 1)" : "untimed calls first (default 10)");
  app.add_option_function<std::string>(
         "--blocks",
         [&s](const std::string& v) { s.blocks = numbers_of("--blocks", v, 0, 1000000); },
         "average block sizes in MPI_INT (default 1,10,100,1000,10000)")
      ->type_name("B,...");
  app.add_option_function<std::string>(
         "--problems",
         [&s](const std::string& v) {
           s.problems.clear();
           for (const std::string& name : split(v)) {
             const auto problem = schedule::parse_problem(name);
             if (!problem) throw cli::UsageError("--problems: unknown problem '" + name + "'");
             s.problems.push_back(*problem);
           }
         },
         "the problem types (default all eight: same, random, …)")
      ->type_name("LIST");
  app.add_option_function<std::string>(
         "--collectives",
         [&s](const std::string& v) {
           s.gather = v.find("gatherv") != std::string::npos;
           s.scatter = v.find("scatterv") != std::string::npos;
           if (!s.gather && !s.scatter)
             throw cli::UsageError("--collectives wants gatherv, scatterv or both, not '" + v +
                                   "'");
         },
         "gatherv, scatterv or both (default both)")
      ->type_name("LIST");
  app.add_option("--csv", s.csv, "also write the rows as CSV")->type_name("FILE");
  app.add_option_function<std::string>(
         "--alpha", [&s](const std::string& v) { s.alpha = cli::positive_value("--alpha", v); },
         "the α-β model's latency, seconds")
      ->type_name("S");
  app.add_option_function<std::string>(
         "--beta", [&s](const std::string& v) { s.beta = cli::positive_value("--beta", v); },
         "the α-β model's time per byte, seconds")
      ->type_name("S_PER_BYTE");
  add_whole(app, "--threshold", "BYTES", s.threshold, std::int64_t{0},
            "traff-degrade's threshold (default the library's)");
  add_whole(app, "--seed", "S", s.seed, std::uint64_t{0}, "the random problems' seed (default 1)");
  app.add_option_function<std::string>(
         "--variants",
         [&s](const std::string& v) {
           s.variants = split(v);
           for (const std::string& key : s.variants)
             if (std::find(std::begin(variant_keys), std::end(variant_keys), key) ==
                 std::end(variant_keys))
               throw cli::UsageError("--variants: unknown variant '" + key +
                                     "' (regular, gl2, native, linear, binomial, traff, "
                                     "traff-degrade)");
         },
         "which (default all: regular, gl2, native, linear, binomial,\ntraff, traff-degrade)")
      ->type_name("LIST");
  app.add_option_function<std::string>(
         "--margin",
         [&s](const std::string& v) {
           const auto margin = cli::real(v, 0, 1);
           if (!margin) throw cli::UsageError("--margin must lie in [0, 1], not '" + v + "'");
           s.judgement.margin = *margin;
         },
         "a guideline violation is a gap above this fraction of the faster\ntime plus both "
         "spreads (simulated; default 0.05)")
      ->type_name("F");
  app.add_option_function<std::string>(
         "--model-p",
         [&s](const std::string& v) { s.model_ps = numbers_of("--model-p", v, 1, 100000); },
         "α-β projections at these p (default 560, the paper's)")
      ->type_name("P,...");
}

std::vector<bench::Row> run_instance(const Settings& s, schedule::Problem problem, int b,
                                     bool scatter, int root, MPI_Comm comm) {
  int p = 0;
  MPI_Comm_size(comm, &p);
  const std::vector<int> counts = schedule::problem_blocks(problem, p, b, s.seed);
  bench::Instance instance(counts, root, comm);
  std::vector<bench::Variant> variants = instance.variants(scatter);
  std::erase_if(variants, [&](const bench::Variant& v) {
    return std::find(s.variants.begin(), s.variants.end(), key_of(v)) == s.variants.end();
  });
  const std::vector<bench::Timing> timings = bench::measure(variants, s.warmup, s.reps, comm);
  // Only rank 0 reports. The α-β figures are not computed on every rank: each builds a p × p
  // network model (16 MB at p = 1024), which on 1024 simulated ranks was a sixth of the
  // simulation's wall time.
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank != 0) return {};
  std::vector<std::int64_t> bytes(counts.begin(), counts.end());
  for (auto& m : bytes) m *= static_cast<std::int64_t>(sizeof(int));
  // SMPI's MPI_Gatherv and MPI_Scatterv (SimGrid 3.32: whatever the selector) post every
  // transfer at once; on a cluster the root's own link carries all other blocks, so the
  // prediction is one latency plus that volume.
  std::int64_t others = 0;
  for (int i = 0; i < p; ++i)
    if (i != root) others += bytes[static_cast<std::size_t>(i)];
  const double all_at_once = s.alpha + s.beta * static_cast<double>(others);
  std::vector<bench::Row> rows;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const bench::Variant& v = variants[i];
    const double model = v.model ? schedule::irregular_model_time(*v.model, scatter, bytes, root,
                                                                  s.alpha, s.beta, s.threshold)
                         : simulated && v.role == bench::Role::native ? all_at_once
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
  const std::string program = cli::command_name(argv[0], "collscope-bench-gatherv");
  CLI::App app{"", program};
  cli::conventions(app, "bench-gatherv");
  define(app, s);
  // Every rank parses the same argv: all agree; rank 0 alone speaks.
  if (const auto status = cli::parse_on_rank(app, argc, argv, program, rank)) return *status;
  set_irregular_tuning({s.threshold, nullptr});
  const int root = p / 2;
  std::FILE* csv = nullptr;
  if (rank == 0 && !s.csv.empty()) {
    csv = std::fopen(s.csv.c_str(), "w");
    if (!csv)
      std::fprintf(stderr, "collscope-bench-gatherv: cannot write %s; no CSV\n", s.csv.c_str());
  }
  if (rank == 0) {
    std::printf("# irregular gather/scatter benchmark (seeds/000 §5): p = %d, root = %d, MPI_INT "
                "blocks, %d warm-up and %d timed calls, time of the slowest rank\n"
                "# α-β model: α = %g s, β = %g s/byte; traff-degrade threshold %lld bytes\n",
                p, root, s.warmup, s.reps, s.alpha, s.beta, static_cast<long long>(s.threshold));
    if (simulated) {
      const char* platform = std::getenv("COLLSCOPE_PLATFORM");
      std::printf("#@platform=%s\n#@clock=simulated (SimGrid SMPI): times are the platform's, "
                  "not this machine's; repetitions are deterministic\n"
                  "# α-β column: collscope's schedules for the actual blocks (traff, "
                  "traff-degrade: their schedule's time); native: α + β·(bytes of all "
                  "non-root blocks), SMPI posts every transfer at once and the root's link "
                  "carries them\n"
                  "# guidelines judged: a violation is a gap above %g %% of the faster time "
                  "plus both spreads (median − min)\n",
                  platform ? platform : "(given by smpirun -platform)", 100 * s.judgement.margin);
    } else {
      std::printf("# NOTE: with more processes than cores (oversubscribed, e.g. a 2-core CI "
                  "machine) times are noisy;\n#       trust ratios within one run and the α-β "
                  "column (not noisy) more than absolute µs. Guidelines are not judged on "
                  "wall-clock times (scripts/simulate-gatherv judges them on a simulated "
                  "cluster).\n");
    }
    std::fflush(stdout);
  }
  std::vector<std::string> found;
  std::vector<bench::Row> all;
  bool header = true;
  const int instances =
      (s.gather + s.scatter) * static_cast<int>(s.problems.size() * s.blocks.size());
  int done = 0;
  for (bool scatter : {false, true}) {
    if ((scatter && !s.scatter) || (!scatter && !s.gather)) continue;
    for (schedule::Problem problem : s.problems)
      for (int b : s.blocks) {
        const std::vector<bench::Row> rows =
            run_instance(s, problem, b, scatter, root, MPI_COMM_WORLD);
        if (rank != 0) continue;
        std::fprintf(stderr, "collscope-bench-gatherv: %d/%d instances done\n", ++done, instances);
        bench::print_instance(rows, s.judgement);
        std::fflush(stdout);
        if (csv) {
          bench::write_csv(csv, rows, p, root, header, s.judgement);
          std::fflush(csv); // a simulation stopped by --timeout keeps the instances it finished
        }
        header = false;
        for (std::string& line : bench::violations(rows, s.judgement))
          found.push_back(std::move(line));
        all.insert(all.end(), rows.begin(), rows.end());
      }
  }
  if (rank == 0) {
    bench::print_summary(all);
    for (int model_p : s.model_ps) print_projection(s, model_p);
    if (s.judgement.judge) {
      double widest = 0;
      for (const bench::Row& r : all) widest = std::max(widest, r.timing.median - r.timing.min);
      std::printf("\n# largest spread (median − min) of any row: %g s\n# guideline violations "
                  "(gap above %g %% of the faster time plus both spreads): %zu\n",
                  widest, 100 * s.judgement.margin, found.size());
      for (const std::string& line : found) std::printf("#   %s\n", line.c_str());
    }
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
