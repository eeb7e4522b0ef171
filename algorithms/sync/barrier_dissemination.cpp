// Dissemination barrier (Hensgen, Finkel, Manber 1988) on the circulant graph of the
// lecture's dissemination allgather (seeds/001 "“Bruck”/“Dissemination” Allgather algorithm"):
// in round k every rank sends an empty message to rank + 2^k and receives one from rank − 2^k.
// After round k a rank has heard, directly or through others, from the 2^(k+1) − 1 ranks
// before it, so after ⌈log₂p⌉ rounds from all p − 1 others: none leaves before all entered.
//
//   p = 5:  round 0: i → i+1    round 1: i → i+2    round 2: i → i+4   (mod 5)
//
// Rounds: ⌈log₂p⌉ for every p.  Cost: ⌈log₂p⌉α (m = 0).
#include "collscope/algorithms/barrier.hpp"
#include "common/contract.hpp"
#include "sync/sync_steps.hpp"

namespace collscope {

COLLSCOPE_ENTRY(barrier, barrier_dissemination, [](MPI_Comm comm) {
  return detail::run_barrier("dissemination", schedule::dissemination_steps, comm);
})

} // namespace collscope
