// Hierarchical broadcast (seeds/001, "Hierarchical collectives"): first across the nodes on
// the leaders' communicator C, where the root represents its own node, then in parallel
// inside every node cᵢ from the rank that joined C. Both levels are bit-reversed binomial
// trees, so the data enters each node exactly once: m bytes per node, the lecture's point.
//
//   3 nodes of 4, root 0:   C:  round 0: 0→4   round 1: 0→8
//                           cᵢ: round 2: 0→1 4→5 8→9   round 3: 0→2 1→3 4→6 5→7 8→10 9→11
//
// Rounds: ⌈log₂N⌉ + max ⌈log₂nᵢ⌉ ≤ ⌈log₂p⌉ + 1 (at most one round off the optimum).
// Cost: ⌈log₂N⌉(α' + β'm) + ⌈log₂n⌉(α + βm), α', β' between nodes and α, β inside.
#include "collscope/algorithms/bcast.hpp"
#include "collscope/schedule/bits.hpp"
#include "hierarchical/by_levels.hpp"

namespace collscope {

int bcast_hierarchical(void* buffer, int count, MPI_Datatype datatype, int root,
                       MPI_Comm user_comm) {
  static constexpr detail::BcastLevels binomial{"hierarchical", bcast_binomial, bcast_binomial,
                                                schedule::ceil_log2};
  return detail::bcast_by_levels(binomial, buffer, count, datatype, root, user_comm);
}

} // namespace collscope
