// Hierarchical Rabenseifner reduction (seeds/001, "Hierarchical collectives" with "Reduce =
// Reduce-scatter + Gather"): as the hierarchical reduction, inside every node cᵢ to the rank
// that represents it first, then across the nodes' leaders C to the root — but each level is
// the reduce-scatter (recursive halving) + binomial gather of reduce scatter-gather instead of
// a tree. A node's ranks halve the vector among themselves over the shared memory, so only
// m bytes leave a node, through its leader, and between the leaders every one sends about
// 2(N − 1)/N·m bytes instead of up to ⌈log₂N⌉·m. Commutative operators only (the halving
// combines out of rank order), as reduce scatter-gather.
//
//   2 nodes of 4, root 0:   cᵢ: halving 0↔2 1↔3 4↔6 5↔7, then 0↔1 2↔3 4↔5 6↔7;
//                               gather of the quarters to 0 and 4
//                           C:  halving 0↔4, gather 4→0
//
// Rounds: ≤ 2⌈log₂n⌉ + 2⌈log₂N⌉ (reduce scatter-gather on each level).
// Cost: ≤ 2⌈log₂n⌉α + 2(n−1)/n·βm + 2(⌈log₂n⌉ − ⌊log₂n⌋)βm, the same with α', β' and N.
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/reduce_scatter.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "hierarchical/hierarchy.hpp"

namespace collscope {

namespace {

int unchecked_reduce_hierarchical_sg(const void* sendbuf, void* recvbuf, int count,
                                     MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, root, h));
  AlgorithmRegion region("reduce", "hierarchical-scatter-gather", root, count, datatype, comm);
  region.layout(h.nodes->layout);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  // MPI_IN_PLACE is the root's only: its input is in recvbuf.
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  const bool leads = h.leaders != MPI_COMM_NULL;
  // MPI leaves recvbuf undefined off the root: every rank gets room of its own.
  TempBuffer node_sum(count, datatype), scratch(leads ? count : 0, datatype);
  COLLSCOPE_TRY(reduce_scatter_gather(input, node_sum.data(), count, datatype, op, h.node_root,
                                      h.nodes->node_comm));
  if (!leads) return MPI_SUCCESS;
  const trace::RoundOffset after_nodes(schedule::rabenseifner_rounds(h.largest_node));
  return reduce_scatter_gather(node_sum.data(), rank == root ? recvbuf : scratch.data(), count,
                               datatype, op, h.root_node, h.leaders);
}

} // namespace

int reduce_hierarchical_scatter_gather(const void* sendbuf, void* recvbuf, int count,
                                       MPI_Datatype datatype, MPI_Op op, int root,
                                       MPI_Comm user_comm) {
  return detail::guarded_reduce(sendbuf, recvbuf, count, datatype, op, root, user_comm,
                                unchecked_reduce_hierarchical_sg);
}

} // namespace collscope
