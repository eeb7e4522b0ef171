// The pipelined broadcasts on a binary and on a Fibonacci tree: one algorithm on two trees,
// so one file; what the trees give (rounds, block count) is in the comments of each entry.
#include "bcast/pipelined_tree_bcast.hpp"

#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/block_broadcast.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope::detail {

int PipelinedTreeBcast::operator()(void* buffer, int count, MPI_Datatype datatype, int root,
                                   MPI_Comm comm) const {
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", name, root, count, datatype, comm);
  if (p == 1 || carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int blocks = blocks_for(p, count, datatype);
  const schedule::PipelinedTree pipelined(tree(p), blocks);
  const int v = schedule::virtual_rank(rank, root, p);
  BlockBroadcastPlan plan;
  plan.blocks = blocks;
  plan.rounds = pipelined.rounds();
  plan.step = [&](int round) { return pipelined.step(v, round); };
  return run_block_broadcast(buffer, count, datatype, root, comm, plan);
}

} // namespace collscope::detail

namespace collscope {

namespace {

// Pipelined broadcast on a balanced binary tree (seeds/001, "Problem with balanced binary
// tree", "Broadcast (reduction) trees: Properties"): vranks in heap order (children 2v + 1,
// 2v + 2); the buffer is cut into M blocks; a node forwards each block to its left child in
// the round after it arrived and to its right child one round later.
//
//   p = 7, M = 2   round:  0    1    2    3    4    5
//                   0→1   b0        b1
//                   0→2        b0        b1
//                   1→3        b0        b1
//                   1→4             b0        b1
//                   2→5             b0        b1
//                   2→6                  b0        b1
//
// Rounds: max A + 1 + 2(M − 1), where A(v) is the round vrank v gets block 0 (left edges add
// 1, right edges 2): the first leaf of T_i has block 0 after i rounds, the last after 2i, so
// ≤ 2⌊log₂p⌋ + 2(M − 1). A node receives only every second round: the lemma with k ≈ 2 log p,
// s = 2 gives T = (k − 2)α + 2√(2(k − 2)αβm) + 2βm — twice the bandwidth term of the optimum.
// M: the pipelining lemma with these constants, or --blocks.
constexpr detail::PipelinedTreeBcast binary{"binary-pipeline", schedule::binary_tree,
                                            binary_pipeline_blocks_for};

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
constexpr detail::PipelinedTreeBcast fibonacci{"fibonacci-pipeline", schedule::fibonacci_tree,
                                               fibonacci_pipeline_blocks_for};

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_binary_pipeline, binary)

COLLSCOPE_ENTRY(bcast, bcast_fibonacci_pipeline, fibonacci)

} // namespace collscope
