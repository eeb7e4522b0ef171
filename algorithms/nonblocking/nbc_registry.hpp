// The process's pending nonblocking schedules (nbc_progress.cpp).
#pragma once

#include <mpi.h>

namespace collscope::detail {

class NbcSchedule;

void remember(NbcSchedule* schedule);
/// Drops a schedule from the pending list (its generalized request is being freed).
void forget(NbcSchedule* schedule);
/// Advances every pending schedule once; completes the generalized requests of those that
/// finished. Returns how many remain pending.
int progress_schedules();
/// Whether `request` belongs to a schedule still pending.
bool pending(MPI_Request request);

} // namespace collscope::detail
