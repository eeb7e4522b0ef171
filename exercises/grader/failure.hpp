// Naming what went wrong when a run did not finish: a hang (with who waits for whom), a
// crash, MPI_Abort, an MPI error, running out of memory, flooding the output.
#pragma once

#include "process.hpp"

#include <chrono>
#include <filesystem>
#include <string>

namespace collscope::grade {

enum class Outcome { ok, wrong, error, crashed, hung, flood, memory, not_run };

const char* to_string(Outcome outcome);
/// The failure outcomes end a run: the case they happen in cannot be continued.
bool ends_run(Outcome outcome);

struct Failure {
  Outcome outcome = Outcome::crashed;
  std::string what; ///< one line, e.g. "rank 1 was killed by signal 11 (Segmentation fault)"
};

/// Reads each rank's blocked-call state (see blocked_state.h) from `state_dir` twice, a
/// moment apart, and describes it: "deadlock: rank 0 waits in MPI_Send to rank 1 …", or
/// "rank 2 runs your code without calling MPI (an endless loop?)". Empty if unknown.
std::string describe_blocked(const std::filesystem::path& state_dir, bool sync_send);

/// Watches a run's blocked-call states (blocked_state.h) for a deadlock that cannot end: every
/// rank of the run either back in the harness or blocked in a point-to-point call of the
/// submission (at least one of them), no send among them addressed to a rank that receives
/// from its sender or from any rank, and nothing changed for `seconds`. A wait on requests, a
/// rank computing or a peer that is not known leaves it to the stall limit.
class DeadlockWatch {
public:
  DeadlockWatch(std::filesystem::path state_dir, int world, double seconds)
      : dir_(std::move(state_dir)), world_(world), seconds_(seconds) {}
  /// Asked about ten times a second; true once the states have shown such a deadlock, the
  /// same, for `seconds`.
  bool deadlocked();
  bool fired() const { return fired_; }
  double seconds() const { return seconds_; }

private:
  std::filesystem::path dir_;
  int world_;
  double seconds_;
  std::string key_;
  std::chrono::steady_clock::time_point since_{};
  bool fired_ = false;
};

/// "rank 1 called MPI_Finalize inside MY_Gather: …" when the shim saw that; else empty.
std::string finalized_inside(const std::filesystem::path& state_dir, const std::string& function);

/// Names the failure of a run that stopped early. Only short, checked pieces of mpirun's
/// output are quoted (rank numbers, MPI names, error classes): a submission can print text
/// that looks like Open MPI's. `blocked` is describe_blocked's text
/// (read before the run was killed); `incomplete` the tracer's note of why its trace is
/// incomplete (INCOMPLETE in the partial archive), used when mpirun's output says nothing;
/// limits for the wording.
Failure classify(const RunResult& run, const std::string& blocked, const std::string& incomplete,
                 double stall_seconds, double wall_seconds, long long memory_mb,
                 long long output_kb);

} // namespace collscope::grade
