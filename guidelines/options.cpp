#include "options.hpp"

#include "candidate.hpp"

#include <algorithm>
#include <cstdlib>
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

std::string usage() {
  return R"(usage: collscope-guidelines [--collectives LIST] [--sizes BYTES,...] [--datatype T] [--np P]
         [--platform SPEC [--selector ompi,mpich,mvapich2]] [--candidates LIST]
         [--margin F] [--alpha A] [--mpiruns N] [--rse F] [--rse-pilot F] [--first-cap N]
         [--pilot B1,B2] [--min-nrep K] [--max-nrep N] [--warmup W] [--root R] [--out DIR]
         [--judge] [--no-figures] [--mpirun PATH] [--mpirun-args "ARGS"] [--run PATH]
         [--simulate PATH] [--launcher "srun ARGS"]
Checks the performance guidelines of seeds/004 (Hunold, Carpen-Amarie): each collective's
native implementation against its mock-ups (the registry's gl* algorithms, or --candidates),
timed as ReproMPI does, and writes the violation table, figures and PGMPITuneLib profiles.
  --collectives  allgather,allreduce,alltoall,bcast,gather,reduce,reduce_scatter_block,
                 scan,scatter (default: all of them)
  --sizes        message sizes in bytes, multiples of the datatype's size (as libcollscope-tune
                 counts them: the vector, or one rank's block); each run's --count is
                 bytes / size in elements (default: one element,64,1024,16384)
  --datatype T   what the collectives move and sum (MPI_SUM): int (MPI_INT, default), long,
                 float, double, char (MPI_SIGNED_CHAR), byte (MPI_BYTE: no reductions);
                 recorded in the profiles. For float and double, an algorithm whose sum
                 depends on the rank (collscope-run --list --json: float_rank_dependent) is
                 measured but not written into a profile, unless its candidate says floats=ok
  --np P         processes (default 4; simulated: the platform's hosts)
  --platform     simulate with scripts/simulate (SimGrid SMPI) on cluster:N, fat-tree:…, …
  --selector     SMPI's collectives (simulated): a list, one library each
  --candidates   what to check against native: registry names, NAME* a prefix (default gl*);
                 NAME:KEY=VALUE… with COLLSCOPE_TUNE's options, run and written into the
                 profile: radix=K, blocks=M, piece=B, threshold=BYTES, floats=ok
  --margin F     a violation needs the mock-up's median below (1 − F)·native's (default 0.05)
  --alpha A      and the one-sided Wilcoxon rank-sum test's p below A (default 0.05)
  --mpiruns N    separate mpiruns per measurement, medians of medians (default 5;
                 simulated 1: simulated time is deterministic, a rerun repeats it exactly)
  --rse F        NREP: the relative standard error the smallest size must reach (0.01)
  --first-cap N  NREP: at most N repetitions at the smallest size (200; simulated 10)
  --rse-pilot F  NREP: a second pilot batch when the first's RSE is above F (0.05)
  --pilot B1,B2  NREP: pilot batches (5,5); --min-nrep K (5), --max-nrep N (1000)
  --warmup W     untimed calls before the repetitions of every run (default 1)
  --launcher L   start each run with L instead of mpirun: "srun -N 2 --ntasks-per-node=1"
                 runs every measurement as a Slurm job step (inside salloc or sbatch);
                 -n P and collscope-run follow L's words
  --judge        judge wall-clock runs and write their profiles (a machine with a core per
                 process); without it wall-clock runs report spread only
  --out DIR      report.txt, measurements.csv, figures/, profiles/, raw/ (default
                 guidelines-out)
)";
}

namespace {

bool split_numbers(std::string_view text, std::vector<std::int64_t>& out) {
  std::stringstream in{std::string(text)};
  for (std::string item; std::getline(in, item, ',');) {
    char* end = nullptr;
    const long long v = std::strtoll(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0') return false;
    out.push_back(v);
  }
  return !out.empty();
}

std::vector<std::string> split(std::string_view text, char by) {
  std::vector<std::string> out;
  std::stringstream in{std::string(text)};
  for (std::string item; std::getline(in, item, by);)
    if (!item.empty()) out.push_back(item);
  return out;
}

bool to_double(const char* v, double lo, double hi, double& out) {
  char* end = nullptr;
  out = std::strtod(v, &end);
  return *end == '\0' && out >= lo && out <= hi;
}

bool to_int(const char* v, int lo, int hi, int& out) {
  char* end = nullptr;
  const long x = std::strtol(v, &end, 10);
  out = static_cast<int>(x);
  return *end == '\0' && x >= lo && x <= hi;
}

} // namespace

std::string parse_options(int argc, char** argv, unsigned cores, Options& o) {
  bool np_given = false, mpiruns_given = false, cap_given = false;
  std::string collectives, sizes, selectors;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-h" || arg == "--help") return o.help = true, "";
    if (arg == "--judge") {
      o.judge_wall_clock = true;
      continue;
    }
    if (arg == "--no-figures") {
      o.figures = false;
      continue;
    }
    if (i + 1 >= argc) return std::string(arg) + " needs a value (see --help)";
    const char* v = argv[++i];
    const std::string bad = std::string(arg) + " " + v + ": ";
    std::vector<std::int64_t> pair;
    if (arg == "--collectives")
      collectives = v;
    else if (arg == "--sizes")
      sizes = v;
    else if (arg == "--datatype") {
      o.datatype = find_datatype(v);
      if (o.datatype == nullptr)
        return bad + "unknown datatype; choose one of: " + datatype_names();
    } else if (arg == "--np") {
      if (!to_int(v, 1, 1 << 20, o.launcher.p)) return bad + "expected a process count ≥ 1";
      np_given = true;
    } else if (arg == "--platform")
      o.launcher.platform = v, o.launcher.simulated = true;
    else if (arg == "--selector")
      selectors = v;
    else if (arg == "--candidates")
      o.candidates = split(v, ',');
    else if (arg == "--margin") {
      if (!to_double(v, 0, 0.99, o.judgement.margin)) return bad + "expected a fraction, 0 … 0.99";
    } else if (arg == "--alpha") {
      if (!to_double(v, 1e-9, 0.5, o.judgement.alpha)) return bad + "expected a level, 0 … 0.5";
    } else if (arg == "--mpiruns") {
      if (!to_int(v, 1, 1000, o.mpiruns)) return bad + "expected a count, 1 … 1000";
      mpiruns_given = true;
    } else if (arg == "--rse") {
      if (!to_double(v, 1e-6, 1, o.rule.rse_first)) return bad + "expected a fraction, 0 … 1";
    } else if (arg == "--rse-pilot") {
      if (!to_double(v, 1e-6, 1, o.rule.rse_pilot)) return bad + "expected a fraction, 0 … 1";
    } else if (arg == "--first-cap") {
      if (!to_int(v, 2, 100000, o.rule.first_cap)) return bad + "expected a count, 2 … 100000";
      cap_given = true;
    } else if (arg == "--pilot") {
      if (!split_numbers(v, pair) || pair.size() != 2 || pair[0] < 1 || pair[1] < 0 ||
          pair[0] > 1000 || pair[1] > 1000)
        return bad + "expected B1,B2 (1 … 1000, 0 … 1000)";
      o.rule.b1 = static_cast<int>(pair[0]), o.rule.b2 = static_cast<int>(pair[1]);
    } else if (arg == "--min-nrep") {
      if (!to_int(v, 1, 100000, o.rule.k)) return bad + "expected a count, 1 … 100000";
    } else if (arg == "--max-nrep") {
      if (!to_int(v, 1, 1000000, o.rule.cap)) return bad + "expected a count, 1 … 1000000";
    } else if (arg == "--warmup") {
      if (!to_int(v, 0, 1000, o.launcher.warmup)) return bad + "expected a count, 0 … 1000";
    } else if (arg == "--root") {
      if (!to_int(v, 0, 1 << 20, o.launcher.root)) return bad + "expected a rank";
    } else if (arg == "--out")
      o.out = v;
    else if (arg == "--mpirun")
      o.launcher.mpirun = v;
    else if (arg == "--mpirun-args")
      o.launcher.mpirun_args = split(v, ' ');
    else if (arg == "--launcher")
      o.launcher.launcher = split(v, ' ');
    else if (arg == "--run")
      o.launcher.run = v;
    else if (arg == "--simulate")
      o.launcher.simulate = v;
    else
      return "unknown option " + std::string(arg) + " (see --help)";
  }
  for (const std::string& name : split(collectives.empty() ? "allgather,allreduce,alltoall,bcast,"
                                                             "gather,reduce,reduce_scatter_block,"
                                                             "scan,scatter"
                                                           : collectives,
                                       ',')) {
    const auto c = parse_collective(name);
    if (!c || std::find(checkable().begin(), checkable().end(), *c) == checkable().end())
      return "--collectives: '" + name + "' is not one of " +
             "allgather,allreduce,alltoall,bcast,gather,reduce,reduce_scatter_block,scan,scatter";
    o.collectives.push_back(*c);
  }
  const DatatypeInfo& d = *o.datatype;
  if (!d.summable)
    for (Collective c : o.collectives)
      if (c == Collective::allreduce || c == Collective::reduce ||
          c == Collective::reduce_scatter_block || c == Collective::scan)
        return "--datatype " + std::string(d.name) + ": MPI_SUM does not take " +
               std::string(d.mpi) + ", and " + std::string(to_string(c)) +
               " sums (--collectives allgather,alltoall,bcast,gather,scatter; or char)";
  if (d.run.empty())
    return "--datatype " + std::string(d.name) + ": collscope-run cannot measure " +
           std::string(d.name) + " yet (its --datatype takes int, float and double)";
  if (sizes.empty()) sizes = std::to_string(d.bytes) + ",64,1024,16384";
  if (!split_numbers(sizes, o.sizes)) return "--sizes " + sizes + ": expected bytes, e.g. 4,1024";
  for (std::int64_t s : o.sizes)
    if (s < d.bytes || s % d.bytes != 0 || s > (std::int64_t{1} << 30))
      return "--sizes: " + std::to_string(s) + " is not a multiple of " + std::to_string(d.bytes) +
             " bytes (" + std::string(d.mpi) + ") in " + std::to_string(d.bytes) + " … 2^30";
  std::sort(o.sizes.begin(), o.sizes.end());
  o.sizes.erase(std::unique(o.sizes.begin(), o.sizes.end()), o.sizes.end());
  if (o.candidates.empty()) return "--candidates: expected registry names, e.g. gl*";
  for (const std::string& label : o.candidates) {
    if (label.find(':') == std::string::npos) continue;
    for (Collective c : o.collectives) {
      tune::Choice choice;
      std::string problem;
      if (find_algorithm(c, algorithm_of(label)) != nullptr &&
          !parse_candidate(c, label, choice, problem))
        return "--candidates " + label + ": " + problem;
    }
  }
  Launcher& l = o.launcher;
  if (l.simulated && !l.launcher.empty())
    return "--launcher starts wall-clock runs: it does not go with --platform";
  if (l.simulated) {
    if (!np_given && l.platform.starts_with("cluster:")) {
      if (!to_int(l.platform.c_str() + 8, 1, 1 << 20, l.p))
        return "--platform " + l.platform + ": expected cluster:N";
    }
    if (!mpiruns_given) o.mpiruns = 1;
    if (!cap_given) o.rule.first_cap = 10;
    o.selectors = selectors.empty() ? std::vector<std::string>{""} : split(selectors, ',');
  } else {
    if (!selectors.empty()) return "--selector picks SMPI's collectives: it needs --platform";
    if (!np_given) l.p = 4;
    l.oversubscribe = cores > 0 && static_cast<unsigned>(l.p) > cores;
    o.selectors = {""};
  }
  if (l.root >= l.p)
    return "--root " + std::to_string(l.root) + ": not a rank of p = " + std::to_string(l.p);
  return "";
}

} // namespace collscope::guidelines
