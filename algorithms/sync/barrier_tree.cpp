// Tree barrier: a binomial gather of empty messages to rank 0 (round k: ranks whose lowest set
// bit is k report to rank − 2^k, once their own subtree has reported), then the binomial
// broadcast of the release back down, largest distance first (bcast binomial's tree).
// Rank 0 releases only after all p − 1 others reported; nobody leaves before its release.
//
//   p = 6:  gather  round 0: 1→0 3→2 5→4   round 1: 2→0   round 2: 4→0
//           release round 3: 0→4           round 4: 0→2   round 5: 0→1 2→3 4→5
//
// Rounds: 2⌈log₂p⌉.  Cost: 2⌈log₂p⌉α.  Source: seeds/001 "Binomial tree gather in rounds" and
// "Binomial tree broadcast without harmful algorithmic latency", composed.
#include "collscope/algorithms/barrier.hpp"
#include "common/contract.hpp"
#include "sync/sync_steps.hpp"

namespace collscope {

COLLSCOPE_ENTRY(barrier, barrier_tree, [](MPI_Comm comm) {
  return detail::run_barrier("tree", schedule::tree_barrier_steps, comm);
})

} // namespace collscope
