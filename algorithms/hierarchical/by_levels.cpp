#include "hierarchical/by_levels.hpp"

#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "hierarchical/hierarchy.hpp"

namespace collscope::detail {

namespace {

int unchecked_bcast_by_levels(const BcastLevels& levels, void* buffer, int count,
                              MPI_Datatype datatype, int root, MPI_Comm comm) {
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, root, h));
  const AlgorithmRegion region("bcast", levels.name, root, count, datatype, comm, h.nodes->layout);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  if (h.leaders != MPI_COMM_NULL)
    COLLSCOPE_TRY(levels.leaders(buffer, count, datatype, h.root_node, h.leaders));
  const trace::RoundOffset after_nodes(levels.rounds(h.nodes_count));
  return levels.nodes(buffer, count, datatype, h.node_root, h.nodes->node_comm);
}

int unchecked_reduce_by_levels(const ReduceLevels& levels, const void* sendbuf, void* recvbuf,
                               int count, MPI_Datatype datatype, MPI_Op op, int root,
                               MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, root, h, {.order = levels.rank_ordered ? op : MPI_OP_NULL}));
  const AlgorithmRegion region("reduce", levels.name, root, count, datatype, comm, h.nodes->layout);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  // MPI_IN_PLACE is the root's only: its input is in recvbuf.
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  const bool leads = h.leaders != MPI_COMM_NULL;
  // MPI leaves recvbuf undefined off the root: every rank gets room of its own.
  TempBuffer node_sum(count, datatype), scratch(leads ? count : 0, datatype);
  COLLSCOPE_TRY(
      levels.level(input, node_sum.data(), count, datatype, op, h.node_root, h.nodes->node_comm));
  if (!leads) return MPI_SUCCESS;
  const trace::RoundOffset after_nodes(levels.rounds(h.largest_node));
  return levels.level(node_sum.data(), rank == root ? recvbuf : scratch.data(), count, datatype, op,
                      h.root_node, h.leaders);
}

} // namespace

int bcast_by_levels(const BcastLevels& levels, void* buffer, int count, MPI_Datatype datatype,
                    int root, MPI_Comm user_comm) {
  return guarded_bcast(buffer, count, datatype, root, user_comm,
                       [&levels](void* b, int n, MPI_Datatype t, int r, MPI_Comm own) {
                         return unchecked_bcast_by_levels(levels, b, n, t, r, own);
                       });
}

int reduce_by_levels(const ReduceLevels& levels, const void* sendbuf, void* recvbuf, int count,
                     MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm user_comm) {
  return guarded_reduce(
      sendbuf, recvbuf, count, datatype, op, root, user_comm,
      [&levels](const void* s, void* r, int n, MPI_Datatype t, MPI_Op o, int at, MPI_Comm own) {
        return unchecked_reduce_by_levels(levels, s, r, n, t, o, at, own);
      });
}

} // namespace collscope::detail
