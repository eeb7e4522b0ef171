// Running a list of schedule::SyncStep blocking, on empty messages: what the three barriers
// share (their schedules differ, not the way they move messages).
#pragma once

#include "collscope/schedule/sync.hpp"

#include <mpi.h>
#include <vector>

namespace collscope::detail {

/// Tags of the barriers' and nonblocking collectives' messages (buffers.hpp has the others').
inline constexpr int barrier_tag = 7150;
inline constexpr int nonblocking_tag = 7200; ///< + the call's sequence number mod 1000

/// Each step's empty messages in the round `trace::Round` names: a Sendrecv when a step sends
/// and receives, else a Send or a Recv.
int run_barrier_steps(const std::vector<schedule::SyncStep>& steps, MPI_Comm comm);

/// A blocking barrier: the algorithm region `name`, then `steps(rank, p)` run.
int run_barrier(const char* name, std::vector<schedule::SyncStep> (*steps)(int rank, int p),
                MPI_Comm comm);

} // namespace collscope::detail
