// A nonblocking collective as a schedule: one rank's steps (schedule::SyncStep, one per round),
// advanced without blocking. Each step posts its receive and its send at once; when both have
// completed (MPI_Testall), what was received is combined as the step says and the next step is
// posted. The MPI_Request the program holds is a generalized request, completed
// (MPI_Grequest_complete) when the last step has; nbc_progress.cpp advances the schedules.
#pragma once

#include "collscope/schedule/sync.hpp"

#include <memory>
#include <mpi.h>
#include <vector>

namespace collscope::detail {

/// The data a schedule moves: `count` elements of `datatype` at `buffer` (nothing for a
/// barrier), combined with `op` (MPI_OP_NULL when nothing is combined).
struct NbcData {
  void* buffer = nullptr;
  int count = 0;
  MPI_Datatype datatype = MPI_BYTE;
  MPI_Op op = MPI_OP_NULL;
};

class NbcSchedule {
public:
  NbcSchedule(std::vector<schedule::SyncStep> steps, NbcData data, MPI_Comm comm, int tag);
  NbcSchedule(const NbcSchedule&) = delete;
  NbcSchedule& operator=(const NbcSchedule&) = delete;

  /// Posts and completes steps as far as the messages allow, never waiting. True once every
  /// step is done (or an MPI call failed: error() says which).
  bool advance();
  int error() const { return error_; }
  MPI_Request& request() { return request_; }

private:
  int post();
  int finish_step();

  std::vector<schedule::SyncStep> steps_;
  NbcData data_;
  MPI_Comm comm_;
  int tag_;
  std::size_t next_ = 0;
  bool posted_ = false;
  MPI_Request pending_[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  std::vector<char> scratch_; ///< the partner's operand, laid out like the user's buffer
  void* scratch_origin_ = nullptr;
  int error_ = MPI_SUCCESS;
  MPI_Request request_ = MPI_REQUEST_NULL;
};

/// The tag of the next nonblocking collective on `comm` (a private communicator): every rank
/// starts them in the same order (MPI's rule), so the n-th call gets the same tag everywhere
/// and two pending calls' messages never match each other's receives.
int next_nonblocking_tag(MPI_Comm comm);

/// Makes `*request` a generalized request for `schedule`, registers it for progress and
/// advances it once. MPI error code.
int start_schedule(std::unique_ptr<NbcSchedule> schedule, MPI_Request* request);

} // namespace collscope::detail
