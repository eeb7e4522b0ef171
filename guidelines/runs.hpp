// One measurement is one collscope-run under mpirun (wall clock) or scripts/simulate (SimGrid
// SMPI, simulated clock), started as a child process; its ReproMPI-style report (one row per
// repetition, the slowest rank's time after a barrier) is kept in a file and read back.
#pragma once

#include "collscope/algorithms/registry.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace collscope::guidelines {

/// Where and how the runs happen.
struct Launcher {
  bool simulated = false;
  std::string simulate;                 ///< scripts/simulate
  std::string platform;                 ///< --platform SPEC (simulated)
  std::string selector;                 ///< SMPI's --selector; "" its default (simulated)
  std::string mpirun;                   ///< mpirun (wall clock)
  std::vector<std::string> mpirun_args; ///< e.g. --hostfile FILE
  /// --launcher "srun …": starts each run instead of mpirun, -n P after its words
  std::vector<std::string> launcher;
  bool oversubscribe = false; ///< more processes than this machine's cores
  std::string run;            ///< collscope-run (wall clock; the simulation builds its own)
  int p = 2;
  int warmup = 1;
  int root = 0;
};

struct Job {
  Collective collective = Collective::bcast;
  std::string algorithm; ///< a candidate's label: NAME[:KEY=VALUE…] (candidate.hpp)
  int count = 1;         ///< elements of `datatype` (collscope-run --count)
  int repetitions = 1;
  bool verify = false;
  std::string datatype = "int"; ///< collscope-run --datatype
};

std::vector<std::string> command(const Launcher& l, const Job& job);

struct RunOutput {
  bool ok = false;
  std::vector<double> times; ///< seconds, one per timed repetition
  std::string problem;       ///< why not ok: the run's last error line
};

/// Runs `argv` with stdout into `out_file` and stderr into `err_file`, then reads the times.
RunOutput run(const std::vector<std::string>& argv, const std::string& out_file,
              const std::string& err_file);

/// The times of a collscope-run report: the rows after the "rep" header line; false when the
/// report holds no "verified: yes" or "verified: skipped" line (a failed or cut-off run).
bool parse_report(std::string_view report, std::vector<double>& times);

/// The command as a shell would show it (for the log and the error messages).
std::string shell_line(const std::vector<std::string>& argv);

} // namespace collscope::guidelines
