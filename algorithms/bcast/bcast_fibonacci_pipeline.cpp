// Pipelined broadcast on a Fibonacci tree (seeds/001, "An imbalanced binary tree: Fibonacci
// tree", "Broadcast in Fibonacci tree"; Bruck, Cypher, Ho, SPDP 1992): F_i is a root with an
// F_{i−1} as first and an F_{i−2} as second subtree, so the deeper subtree starts one round
// earlier and every leaf gets block 0 after exactly i rounds. For other p the tree is F_i,
// i the smallest with F_i = Fib(i + 3) − 1 ≥ p, pruned in pre-order (fibonacci_tree).
//
//   F_3 (p = 7, pre-order)   round:  0    1    2    3    4       M = 2
//          0                  0→1   b0        b1
//        /   \                0→5        b0        b1
//       1     5               1→2        b0        b1
//      / \    |               1→4             b0        b1
//     2   4   6               2→3             b0        b1
//     |                       5→6             b0        b1
//     3
//
// Rounds: i + 2(M − 1) with i ≈ log_φ p − 2 ≈ 1.44 log₂p (a chain for p ≤ 3: p − 1 + M − 1):
// a new block every second round, like the binary tree, but a latency close to the
// binomial tree's. M: the pipelining lemma with k = i − 2, s = 2, or --blocks.
#include "bcast/pipelined_tree_bcast.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

constexpr detail::PipelinedTreeBcast fibonacci{"fibonacci-pipeline", schedule::fibonacci_tree,
                                               fibonacci_pipeline_blocks_for};

} // namespace

int bcast_fibonacci_pipeline(void* buffer, int count, MPI_Datatype datatype, int root,
                             MPI_Comm user_comm) {
  return detail::guarded_bcast(buffer, count, datatype, root, user_comm, fibonacci);
}

} // namespace collscope
