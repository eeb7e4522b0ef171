// Nonblocking dissemination barrier (MPI_Ibarrier): barrier dissemination's rounds (round k:
// an empty message to rank + 2^k, one from rank − 2^k; seeds/001 "“Bruck”/“Dissemination”
// Allgather algorithm", "Non-blocking collectives (from MPI 3.0)") as a schedule that MPI_Test
// and MPI_Wait advance (nbc_schedule.hpp). The request completes on a rank only after it has
// heard, through the rounds, from every rank: none completes before all have started.
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉α.
#include "collscope/algorithms/nonblocking.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "nonblocking/nbc_schedule.hpp"
#include "sync/sync_steps.hpp"

namespace collscope {

int ibarrier_dissemination(MPI_Comm user_comm, MPI_Request* request) {
  return detail::guarded_barrier(user_comm, [&](MPI_Comm comm) {
    const auto [rank, p] = detail::shape(comm);
    return detail::start_schedule(std::make_unique<detail::NbcSchedule>(
                                      schedule::dissemination_steps(rank, p), detail::NbcData{},
                                      comm, detail::next_nonblocking_tag(comm)),
                                  request);
  });
}

} // namespace collscope
