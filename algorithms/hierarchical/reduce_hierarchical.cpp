// Hierarchical reduction (seeds/001, "Hierarchical collectives"): first in parallel inside
// every node cᵢ to the rank that represents it, then across the nodes on the leaders'
// communicator C to the root, which represents its own node. Both levels are the rank-ordered
// divide-and-conquer reduction, so a non-commutative operator is applied in rank order when
// every node is a run of consecutive ranks ("if all the processes in cᵢ are in order of c");
// on other layouts it refuses a non-commutative operator (MPI_ERR_OP). m bytes leave each node.
//
//   3 nodes of 4, root 0:   cᵢ: round 0: 1→0 3→2 5→4 7→6 9→8 11→10   round 1: 2→0 6→4 10→8
//                           C:  round 2: 4→0 (8 waits)                  round 3: 8→0
//
// Rounds: max ⌈log₂nᵢ⌉ + ⌈log₂N⌉.  Cost: ⌈log₂n⌉(α + βm) + ⌈log₂N⌉(α' + β'm).
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "hierarchical/by_levels.hpp"

namespace collscope {

int reduce_hierarchical(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, int root, MPI_Comm user_comm) {
  static constexpr detail::ReduceLevels ordered{"hierarchical", reduce_ordered, schedule::ceil_log2,
                                                true};
  return detail::reduce_by_levels(ordered, sendbuf, recvbuf, count, datatype, op, root, user_comm);
}

} // namespace collscope
