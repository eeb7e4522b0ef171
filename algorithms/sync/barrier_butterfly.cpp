// Butterfly barrier: recursive doubling of empty messages (seeds/001 "The power of the
// hypercube/butterfly"). With q = 2^⌊log₂p⌋, the first 2(p − q) ranks pair up and the even one
// reports to the odd one first; the q core ranks exchange with the partner across bit 0, 1, …
// of their core rank; the odd ranks then release their even partners (allreduce butterfly's
// fold, Rabenseifner–Träff 2004). After the core rounds every core rank has heard from all.
//
//   p = 6 (q = 4):  round 0: 0→1 2→3   round 1: v0↔v1 v2↔v3   round 2: v0↔v2 v1↔v3
//                   round 3: 1→0 3→2            (core ranks 1,3,4,5 = v 0,1,2,3)
//
// Rounds: ⌈log₂p⌉ for p a power of two, else ⌊log₂p⌋ + 2.  Cost: rounds·α.
#include "collscope/algorithms/barrier.hpp"
#include "common/contract.hpp"
#include "sync/sync_steps.hpp"

namespace collscope {

COLLSCOPE_ENTRY(barrier, barrier_butterfly, [](MPI_Comm comm) {
  return detail::run_barrier("butterfly", schedule::butterfly_steps, comm);
})

} // namespace collscope
