// Two-tree broadcast (seeds/001, "Two (pipelined) binary trees", EdgeColor; Sanders, Speck,
// Träff, Parallel Computing 35(12), 2009): the even blocks go down the upper in-order binary
// tree, the odd blocks down its mirror image (rank' = n + 1 − rank); every process is interior
// in one tree and a leaf in the other, and the lecture's EdgeColor 2-colours the edges so that
// each process receives one block and sends one block in every round.
//
//   p = 5 (n = 4), M = 4: upper tree 4 → 2 → {1, 3}, lower tree 1 → 3 → {2, 4}
//   sends per round:  0      1      2      3      4      5      6
//   vrank 0         4:b0   1:b1   4:b2   1:b3
//   vrank 1                       3:b1          3:b3
//   vrank 2                       1:b0   3:b0   1:b2   3:b2
//   vrank 3                              4:b1   2:b1   4:b3   2:b3
//   vrank 4                2:b0          2:b2
//
// With p − 1 odd, vrank 1 relays between the root and the trees (one more round). The trace
// puts each message in the phase "upper tree" or "lower tree" of its block.
//
// Rounds: M + max D (+1 with the relay), max D ≤ 2⌈log₂p⌉ (two_tree_rounds). Cost:
// rounds·(α + βm/M); with the lemma's M ≈ √(2⌈log₂p⌉βm/α) about
// 2⌈log₂p⌉α + 2√(2⌈log₂p⌉αβm) + βm: full bandwidth, unlike one pipelined binary tree.
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/two_tree.hpp"
#include "common/annotate.hpp"
#include "common/block_broadcast.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <algorithm>

namespace collscope {

namespace {

int unchecked_bcast_two_tree(void* buffer, int count, MPI_Datatype datatype, int root,
                             MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", "two-tree", root, count, datatype, comm);
  if (p == 1 || carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int blocks = two_tree_blocks_for(p, count, datatype);
  const schedule::TwoTreeSchedule two_tree(p, blocks);
  const int v = schedule::virtual_rank(rank, root, p);
  BlockBroadcastPlan plan;
  plan.blocks = blocks;
  plan.rounds = two_tree.rounds();
  plan.step = [&](int round) { return two_tree.step(v, round); };
  plan.phase = [](int block) {
    return schedule::two_tree_side_of_block(block) == schedule::upper ? "upper tree" : "lower tree";
  };
  return run_block_broadcast(buffer, count, datatype, root, comm, plan);
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_two_tree, unchecked_bcast_two_tree)

} // namespace collscope
