// Hierarchical Rabenseifner reduction (seeds/001, "Hierarchical collectives" with "Reduce =
// Reduce-scatter + Gather"): as the hierarchical reduction, inside every node cᵢ to the rank
// that represents it first, then across the nodes' leaders C to the root — but each level is
// the reduce-scatter (recursive halving) + binomial gather of reduce scatter-gather instead of
// a tree. A node's ranks halve the vector among themselves over the shared memory, then only
// the leaders cross nodes, with β term about 2(N − 1)/N·β'm instead of ⌈log₂N⌉β'm (a node's
// link carries at most 2m in the traced layouts of tests/hierarchical; folding leaders send
// the whole vector). Commutative operators only (the halving combines out of rank order), as
// reduce scatter-gather.
//
//   2 nodes of 4, root 0:   cᵢ: halving 0↔2 1↔3 4↔6 5↔7, then 0↔1 2↔3 4↔5 6↔7;
//                               gather of the quarters to 0 and 4
//                           C:  halving 0↔4, gather 4→0
//
// Rounds: ≤ 2⌈log₂n⌉ + 2⌈log₂N⌉ (reduce scatter-gather on each level).
// Cost: ≤ 2⌈log₂n⌉α + 2(n−1)/n·βm + 2(⌈log₂n⌉ − ⌊log₂n⌋)βm, the same with α', β' and N.
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/reduce_scatter.hpp"
#include "hierarchical/by_levels.hpp"

namespace collscope {

int reduce_hierarchical_scatter_gather(const void* sendbuf, void* recvbuf, int count,
                                       MPI_Datatype datatype, MPI_Op op, int root,
                                       MPI_Comm user_comm) {
  static constexpr detail::ReduceLevels rabenseifner{
      "hierarchical-scatter-gather", reduce_scatter_gather, schedule::rabenseifner_rounds, false};
  return detail::reduce_by_levels(rabenseifner, sendbuf, recvbuf, count, datatype, op, root,
                                  user_comm);
}

} // namespace collscope
