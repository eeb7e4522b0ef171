// Is a barrier a barrier? A barrier is correct when no rank leaves it before every rank has
// entered it. There is no result buffer to compare with MPI's, so the check makes one rank
// late on purpose and watches the others: in pass s rank s sleeps `delay` seconds before
// entering, every rank notes when it entered and when it left on a clock all ranks share, and
// a rank that left before rank s entered is caught (recorded entry ≤ real entry, real exit ≤
// recorded exit: a correct barrier can never be reported, however the scheduler delays the
// ranks). Every rank is the late one once (up to 64 passes; beyond, 64 spread evenly), so a
// barrier that forgets any one rank fails. The clock is CLOCK_MONOTONIC, shared by the ranks of
// one machine (SimGrid SMPI: its simulated clock); ranks on several nodes are not checked.
// The check's own traffic goes through PMPI, so a tracer records only the barrier.
#pragma once

#include <functional>
#include <mpi.h>
#include <optional>

namespace collscope {

struct BarrierViolation {
  int early_rank = -1; ///< the rank that left first
  int late_rank = -1;  ///< the rank that had not entered yet
  double early_by = 0; ///< seconds between that exit and that entry
};

struct BarrierCheck {
  int code = MPI_SUCCESS;                    ///< the first MPI error of the barrier under test
  bool shared_clock = true;                  ///< false: ranks on several nodes, not checked
  int passes = 0;                            ///< late ranks tried
  std::optional<BarrierViolation> violation; ///< the same on every rank
};

/// Runs `barrier` (a blocking call, or a nonblocking one and its wait) as above; collective
/// over `comm`.
BarrierCheck check_barrier_order(const std::function<int(MPI_Comm)>& barrier, MPI_Comm comm,
                                 double delay);

} // namespace collscope
