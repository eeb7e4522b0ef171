// Running a child process (mpirun, the compiler) so that nothing it does can hang or crash
// the grader: its own session, resource limits, a wall-clock limit, a progress watchdog on
// a file it appends to, and a cap on its output. Stopping it ends the whole session:
// mpirun's ranks live in their own process groups, so killing a group would miss them.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace collscope::grade {

struct RunLimits {
  double wall_seconds = 60;
  /// > 0: stop when `watch_file` has not grown for this long (after it first appeared, or
  /// `startup_seconds` after the start while it does not exist yet).
  double stall_seconds = 0;
  double startup_seconds = 30;
  std::string watch_file;
  long long memory_bytes = 0;       ///< RLIMIT_DATA of the child and its children; 0: none
  long long output_bytes = 1 << 20; ///< stdout + stderr beyond this stop the child
  long long file_bytes = 1LL << 30; ///< RLIMIT_FSIZE
  int uid = -1, gid = -1;           ///< >= 0: the child runs as this user (the grader is root)
  std::string workdir;              ///< non-empty: the child's working folder
  /// Non-empty: the program name of the launcher among the child's descendants (mpirun's,
  /// e.g. "mpiexec"). Once it has had children (the ranks), and for `orphan_seconds` has had
  /// none while some other process of the child's tree lives outside the launcher's (a daemon
  /// a rank started, reparented to the sandbox's first process), the run is over but for the
  /// output that process holds open: it is stopped (Stop::orphaned) rather than left to a
  /// limit, as mpirun waits for its ranks' output to close. A launcher merely slow to exit
  /// is left alone.
  std::string launcher;
  double orphan_seconds = 0.5;
};

struct RunResult {
  /// `asked`: the caller's `stop_when` said the run cannot go on (e.g. MPI finalized inside
  /// the graded function: the others can only wait). `orphaned`: see RunLimits::launcher.
  enum class Stop { none, wall, stall, flood, asked, orphaned };
  Stop stop = Stop::none;
  int exit_code = -1; ///< when it exited
  int signal = 0;     ///< when a signal ended it
  std::string output; ///< stdout and stderr, merged; head and tail kept when long
  long long output_total = 0;
  double seconds = 0;
  bool started = true; ///< false: the program could not be executed
};

/// Runs argv[0] (searched in PATH) with `environment` ("NAME=value") added. `tick` is called
/// about ten times a second; `before_stop` right before a stopped child is killed (while its
/// processes are still alive, e.g. to read their state); `stop_when`, asked as often as `tick`,
/// stops the child when it returns true (RunResult::Stop::asked).
RunResult run_process(const std::vector<std::string>& argv,
                      const std::vector<std::string>& environment, const RunLimits& limits,
                      const std::function<void()>& tick = {},
                      const std::function<void()>& before_stop = {},
                      const std::function<bool()>& stop_when = {});

/// Sends `signal` to every process of session `sid`; returns how many there were.
int signal_session(int sid, int signal);

} // namespace collscope::grade
