#include "options.hpp"

#include "candidate.hpp"
#include "collscope/cli/command.hpp"
#include "collscope/cli/numbers.hpp"

#include <algorithm>
#include <optional>
#include <sstream>
#include <string_view>

namespace collscope::guidelines {

const std::vector<Collective>& checkable() {
  static const std::vector<Collective> all = {Collective::allgather,
                                              Collective::allreduce,
                                              Collective::alltoall,
                                              Collective::bcast,
                                              Collective::gather,
                                              Collective::reduce,
                                              Collective::reduce_scatter_block,
                                              Collective::scan,
                                              Collective::scatter};
  return all;
}

namespace {

namespace cli = collscope::cli;

constexpr const char* all_collectives =
    "allgather,allreduce,alltoall,bcast,gather,reduce,reduce_scatter_block,scan,scatter";

constexpr const char* description =
    R"(Checks the performance guidelines of seeds/004 (Hunold, Carpen-Amarie): each collective's
native implementation against its mock-ups (the registry's gl* algorithms, or --candidates),
timed as ReproMPI does, on real MPI (mpirun, wall clock) or simulated (--platform, SimGrid
SMPI), and writes the violation table, figures and PGMPITuneLib profiles.)";

constexpr const char* footer =
    R"(NREP, the repetitions per run, follows ReproMPI: the smallest size repeats until its
relative standard error reaches --rse (at most --first-cap times); the others run pilot
batches (--pilot) and as many more as their time allows, from --min-nrep to --max-nrep.

Exit status: 0 measured (violations are findings, in the report); 1 nothing was measured
(no collective had a candidate); 2 a usage error, or an --out folder that cannot be made.)";

/// Comma-separated whole numbers, or std::nullopt.
std::optional<std::vector<std::int64_t>> split_numbers(std::string_view text) {
  std::vector<std::int64_t> out;
  std::stringstream in{std::string(text)};
  for (std::string item; std::getline(in, item, ',');) {
    const auto v = cli::whole<std::int64_t>(item);
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::vector<std::string> split(std::string_view text, char by) {
  std::vector<std::string> out;
  std::stringstream in{std::string(text)};
  for (std::string item; std::getline(in, item, by);)
    if (!item.empty()) out.push_back(item);
  return out;
}

/// A mistake in OPTION's VALUE: "OPTION VALUE: WHAT".
cli::UsageError bad(std::string_view option, std::string_view value, std::string_view what) {
  return cli::UsageError(std::string(option) + " " + std::string(value) + ": " + std::string(what));
}

/// OPTION VALUE, a whole number in [lo, hi] into `into` (WHAT says what was expected).
void add_int(CLI::App& app, const char* option, const char* type, int& into, int lo, int hi,
             const char* what, const std::string& help, bool* given = nullptr) {
  app.add_option_function<std::string>(
         option,
         [=, &into](const std::string& v) {
           const auto x = cli::whole<int>(v, lo, hi);
           if (!x) throw bad(option, v, what);
           into = *x;
           if (given != nullptr) *given = true;
         },
         help)
      ->type_name(type);
}

/// OPTION VALUE, a real in [lo, hi] into `into`.
void add_real(CLI::App& app, const char* option, const char* type, double& into, double lo,
              double hi, const char* what, const std::string& help) {
  app.add_option_function<std::string>(
         option,
         [=, &into](const std::string& v) {
           const auto x = cli::real(v, lo, hi);
           if (!x) throw bad(option, v, what);
           into = *x;
         },
         help)
      ->type_name(type);
}

/// What the options cannot check one by one: the collectives, sizes and candidates against the
/// datatype, simulated or wall clock, the root against p.
struct Given {
  bool np = false, mpiruns = false, cap = false;
  std::string collectives, sizes, selectors;
};

void complete(Options& o, const Given& g, unsigned cores) {
  for (const std::string& name :
       split(g.collectives.empty() ? all_collectives : g.collectives, ',')) {
    const auto c = parse_collective(name);
    if (!c || std::find(checkable().begin(), checkable().end(), *c) == checkable().end())
      throw cli::UsageError("--collectives: '" + name + "' is not one of " + all_collectives);
    o.collectives.push_back(*c);
  }
  const DatatypeInfo& d = *o.datatype;
  if (!d.summable)
    for (Collective c : o.collectives)
      if (c == Collective::allreduce || c == Collective::reduce ||
          c == Collective::reduce_scatter_block || c == Collective::scan)
        throw cli::UsageError("--datatype " + std::string(d.name) + ": MPI_SUM does not take " +
                              std::string(d.mpi) + ", and " + std::string(to_string(c)) +
                              " sums (--collectives allgather,alltoall,bcast,gather,scatter; or "
                              "char)");
  if (d.run.empty())
    throw cli::UsageError("--datatype " + std::string(d.name) + ": collscope-run cannot measure " +
                          std::string(d.name) +
                          " yet (its --datatype takes int, float and double)");
  const std::string sizes = g.sizes.empty() ? std::to_string(d.bytes) + ",64,1024,16384" : g.sizes;
  const auto numbers = split_numbers(sizes);
  if (!numbers) throw cli::UsageError("--sizes " + sizes + ": expected bytes, e.g. 4,1024");
  o.sizes = *numbers;
  for (std::int64_t s : o.sizes)
    if (s < d.bytes || s % d.bytes != 0 || s > (std::int64_t{1} << 30))
      throw cli::UsageError("--sizes: " + std::to_string(s) + " is not a multiple of " +
                            std::to_string(d.bytes) + " bytes (" + std::string(d.mpi) + ") in " +
                            std::to_string(d.bytes) + " … 2^30");
  std::sort(o.sizes.begin(), o.sizes.end());
  o.sizes.erase(std::unique(o.sizes.begin(), o.sizes.end()), o.sizes.end());
  if (o.candidates.empty())
    throw cli::UsageError("--candidates: expected registry names, e.g. gl*");
  for (const std::string& label : o.candidates) {
    if (label.find(':') == std::string::npos) continue;
    for (Collective c : o.collectives) {
      tune::Choice choice;
      std::string problem;
      if (find_algorithm(c, algorithm_of(label)) != nullptr &&
          !parse_candidate(c, label, choice, problem))
        throw cli::UsageError("--candidates " + label + ": " + problem);
    }
  }
  Launcher& l = o.launcher;
  if (l.simulated && !l.launcher.empty())
    throw cli::UsageError("--launcher starts wall-clock runs: it does not go with --platform");
  if (l.simulated) {
    if (!g.np && l.platform.starts_with("cluster:")) {
      const auto hosts = cli::whole<int>(std::string_view(l.platform).substr(8), 1, 1 << 20);
      if (!hosts) throw cli::UsageError("--platform " + l.platform + ": expected cluster:N");
      l.p = *hosts;
    }
    if (!g.mpiruns) o.mpiruns = 1;
    if (!g.cap) o.rule.first_cap = 10;
    o.selectors = g.selectors.empty() ? std::vector<std::string>{""} : split(g.selectors, ',');
  } else {
    if (!g.selectors.empty())
      throw cli::UsageError("--selector picks SMPI's collectives: it needs --platform");
    if (!g.np) l.p = 4;
    l.oversubscribe = cores > 0 && static_cast<unsigned>(l.p) > cores;
    o.selectors = {""};
  }
  if (l.root >= l.p)
    throw cli::UsageError("--root " + std::to_string(l.root) +
                          ": not a rank of p = " + std::to_string(l.p));
}

} // namespace

std::optional<int> parse_options(int argc, char** argv, unsigned cores, Options& o) {
  const std::string name = cli::command_name(argv[0], "collscope-guidelines");
  CLI::App app{description, name};
  cli::conventions(app, "guidelines");
  app.footer(footer);
  Given g;
  app.add_option("--collectives", g.collectives,
                 "allgather,allreduce,alltoall,bcast,gather,reduce,\n"
                 "reduce_scatter_block,scan,scatter (default: all of them)")
      ->type_name("LIST");
  app.add_option("--sizes", g.sizes,
                 "message sizes in bytes, multiples of the datatype's size (as\n"
                 "libcollscope-tune counts them: the vector, or one rank's block);\n"
                 "each run's --count is bytes / size in elements (default: one\n"
                 "element,64,1024,16384)")
      ->type_name("BYTES,...");
  app.add_option_function<std::string>(
         "--datatype",
         [&o](const std::string& v) {
           o.datatype = find_datatype(v);
           if (o.datatype == nullptr)
             throw bad("--datatype", v, "unknown datatype; choose one of: " + datatype_names());
         },
         "what the collectives move and sum (MPI_SUM): int (MPI_INT,\n"
         "default), long, float, double, char (MPI_SIGNED_CHAR), byte\n"
         "(MPI_BYTE: no reductions); recorded in the profiles. For float\n"
         "and double, an algorithm whose sum depends on the rank\n"
         "(collscope-run --list --json: float_rank_dependent) is measured\n"
         "but not written into a profile, unless its candidate says\n"
         "floats=ok")
      ->type_name("T");
  add_int(app, "--np", "P", o.launcher.p, 1, 1 << 20, "expected a process count ≥ 1",
          "processes (default 4; simulated: the platform's hosts)", &g.np);
  app.add_option_function<std::string>(
         "--platform",
         [&o](const std::string& v) { o.launcher.platform = v, o.launcher.simulated = true; },
         "simulate with scripts/simulate (SimGrid SMPI) on cluster:N,\nfat-tree:…, …")
      ->type_name("SPEC");
  app.add_option("--selector", g.selectors,
                 "SMPI's collectives (simulated): a list, one library each\n"
                 "(ompi,mpich,mvapich2)")
      ->type_name("LIST");
  app.add_option_function<std::string>(
         "--candidates", [&o](const std::string& v) { o.candidates = split(v, ','); },
         "what to check against native: registry names, NAME* a prefix\n"
         "(default gl*); NAME:KEY=VALUE… with COLLSCOPE_TUNE's options, run\n"
         "and written into the profile: radix=K, blocks=M, piece=B,\n"
         "threshold=BYTES, floats=ok")
      ->type_name("LIST");
  add_real(app, "--margin", "F", o.judgement.margin, 0, 0.99, "expected a fraction, 0 … 0.99",
           "a violation needs the mock-up's median below (1 − F)·native's\n(default 0.05)");
  add_real(app, "--alpha", "A", o.judgement.alpha, 1e-9, 0.5, "expected a level, 0 … 0.5",
           "and the one-sided Wilcoxon rank-sum test's p below A (default\n0.05)");
  add_int(app, "--mpiruns", "N", o.mpiruns, 1, 1000, "expected a count, 1 … 1000",
          "separate mpiruns per measurement, medians of medians (default 5;\n"
          "simulated 1: simulated time is deterministic, a rerun repeats it)",
          &g.mpiruns);
  add_real(app, "--rse", "F", o.rule.rse_first, 1e-6, 1, "expected a fraction, 0 … 1",
           "NREP: the relative standard error the smallest size must reach\n(0.01)");
  add_real(app, "--rse-pilot", "F", o.rule.rse_pilot, 1e-6, 1, "expected a fraction, 0 … 1",
           "NREP: a second pilot batch when the first's RSE is above F (0.05)");
  add_int(app, "--first-cap", "N", o.rule.first_cap, 2, 100000, "expected a count, 2 … 100000",
          "NREP: at most N repetitions at the smallest size (200; simulated\n10)", &g.cap);
  app.add_option_function<std::string>(
         "--pilot",
         [&o](const std::string& v) {
           const auto pair = split_numbers(v);
           if (!pair || pair->size() != 2 || (*pair)[0] < 1 || (*pair)[1] < 0 ||
               (*pair)[0] > 1000 || (*pair)[1] > 1000)
             throw bad("--pilot", v, "expected B1,B2 (1 … 1000, 0 … 1000)");
           o.rule.b1 = static_cast<int>((*pair)[0]), o.rule.b2 = static_cast<int>((*pair)[1]);
         },
         "NREP: pilot batches (5,5)")
      ->type_name("B1,B2");
  add_int(app, "--min-nrep", "K", o.rule.k, 1, 100000, "expected a count, 1 … 100000",
          "NREP: at least K repetitions (5)");
  add_int(app, "--max-nrep", "N", o.rule.cap, 1, 1000000, "expected a count, 1 … 1000000",
          "NREP: at most N repetitions (1000)");
  add_int(app, "--warmup", "W", o.launcher.warmup, 0, 1000, "expected a count, 0 … 1000",
          "untimed calls before the repetitions of every run (default 1)");
  add_int(app, "--root", "R", o.launcher.root, 0, 1 << 20, "expected a rank",
          "the root of rooted collectives (default 0)");
  app.add_option("--out", o.out,
                 "report.txt, measurements.csv, figures/, profiles/, raw/ (default\n"
                 "guidelines-out)")
      ->type_name("DIR");
  app.add_flag("--judge", o.judge_wall_clock,
               "judge wall-clock runs and write their profiles (a machine with a\n"
               "core per process); without it wall-clock runs report spread only");
  app.add_flag_callback(
      "--no-figures", [&o] { o.figures = false; }, "draw no figures");
  app.add_option("--mpirun", o.launcher.mpirun, "the mpirun of wall-clock runs")->type_name("PATH");
  app.add_option_function<std::string>(
         "--mpirun-args", [&o](const std::string& v) { o.launcher.mpirun_args = split(v, ' '); },
         "words added to every mpirun (\"--hostfile FILE\")")
      ->type_name("\"ARGS\"");
  app.add_option_function<std::string>(
         "--launcher", [&o](const std::string& v) { o.launcher.launcher = split(v, ' '); },
         "start each run with L instead of mpirun: \"srun -N 2\n"
         "--ntasks-per-node=1\" runs every measurement as a Slurm job step\n"
         "(inside salloc or sbatch); -n P and collscope-run follow L's words")
      ->type_name("\"L\"");
  app.add_option("--run", o.launcher.run, "the collscope-run of wall-clock runs")
      ->type_name("PATH");
  app.add_option("--simulate", o.launcher.simulate, "the scripts/simulate of simulated runs")
      ->type_name("PATH");
  app.callback([&] { complete(o, g, cores); });
  return cli::parse(app, argc, argv, name);
}

} // namespace collscope::guidelines
