// Allreduce as a pipelined tree reduction followed by a pipelined tree broadcast, for large m
// (seeds/001, "Allreduce ≈ Reduce + Broadcast" with the lecture's pipelined trees: "Two
// (pipelined) binary trees", "Example: Reduction", EdgeColor). The vector is cut into M
// blocks (the pipelining lemma for the two-tree, or --blocks); the two-tree reduction
// (reduce two-tree) brings x₀ ⊕ … ⊕ x_{p−1} block by block to rank 0, every partial result
// over a contiguous run of ranks in rank order, and the two-tree broadcast (bcast two-tree)
// sends it back down. The phases run one after the other: the lecture's doubly-pipelined
// variant, which starts broadcasting a block as soon as rank 0 has it, is not done here.
//
//   p = 5, M = 4:  rounds 0 … R−1: reduce two-tree to rank 0 (its table in reduce_two_tree.cpp)
//                  rounds R … 2R−1: bcast two-tree from rank 0     (R = two-tree rounds)
//
// Rounds: 2R with R = two_tree_rounds(p, M) ≤ M − 1 + 2⌈log₂p⌉.  Cost: 2R(α + βm/M) plus the
// local reductions of the blocks; with the lemma's M about twice the two-tree broadcast's
// 2⌈log₂((p+1)/4)⌉α + 2√(2⌈log₂((p+1)/4)⌉αβm) + βm. Correct for non-commutative operations
// (the reduction keeps rank order).
#include "allreduce/reduce_bcast.hpp"
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/two_tree.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

/// The two-tree reduction's rounds for the block count M of two_tree_blocks_for, which the
/// region records as "blocks".
int reduce_two_tree_rounds(int p, int count, MPI_Datatype datatype) {
  const int blocks = two_tree_blocks_for(p, count, datatype);
  trace::meta("blocks", blocks);
  return schedule::two_tree_rounds(p, blocks);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_tree_pipeline,
                detail::ReduceThenBcast{"tree-pipeline", reduce_two_tree, reduce_two_tree_rounds,
                                        bcast_two_tree})

} // namespace collscope
