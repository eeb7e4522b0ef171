// Block counts of the tree and hypercube broadcasts: each schedule's exact round count goes
// into the pipelining lemma, so M follows that schedule's own latency and per-block rounds.
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/jia.hpp"
#include "collscope/schedule/pipelined_tree.hpp"
#include "collscope/schedule/two_tree.hpp"
#include "common/block_broadcast.hpp"

#include <algorithm>

namespace collscope {

namespace {

int clamped(int blocks, int count) {
  return count <= 0 ? 0 : std::clamp(blocks, 1, count);
}

} // namespace

int binary_pipeline_blocks_for(int p, int count, MPI_Datatype datatype) {
  // A chain (p ≤ 2) moves one block per round, any other binary tree one per two rounds.
  const int s = p <= 2 ? 1 : 2;
  return clamped(detail::lemma_blocks_for(p, count, datatype, schedule::binary_pipeline_rounds, s),
                 count);
}

int fibonacci_pipeline_blocks_for(int p, int count, MPI_Datatype datatype) {
  const int s = p <= 3 ? 1 : 2; // the pruned Fibonacci tree is a chain up to p = 3
  return clamped(
      detail::lemma_blocks_for(p, count, datatype, schedule::fibonacci_pipeline_rounds, s), count);
}

int two_tree_blocks_for(int p, int count, MPI_Datatype datatype) {
  return clamped(detail::lemma_blocks_for(p, count, datatype, schedule::two_tree_rounds, 1), count);
}

int jia_blocks_for(int p, int count, MPI_Datatype datatype) {
  return clamped(detail::lemma_blocks_for(p, count, datatype, schedule::jia_rounds, 1), count);
}

} // namespace collscope
