#include "common/tree_parent.hpp"

#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/knomial.hpp"

#include <collscope/annotate.hpp>

namespace collscope::detail {

TreeParent binomial_parent(int v, int root, int p, Toward toward) {
  if (v == 0) return {MPI_PROC_NULL, 0, root, p};
  return {schedule::real_rank(schedule::preorder_parent(v, p), root, p),
          toward == Toward::root ? schedule::preorder_gather_round(v)
                                 : schedule::preorder_topdown_round(v, p),
          schedule::real_rank(v, root, p), schedule::preorder_subtree_size(v, p)};
}

TreeParent knomial_parent(int v, int root, int p, int k, Toward toward) {
  if (v == 0) return {MPI_PROC_NULL, 0, root, p};
  const int level = schedule::knomial_level(v, k);
  return {schedule::real_rank(schedule::knomial_parent(v, k), root, p),
          toward == Toward::root ? level : schedule::knomial_topdown_round(level, p, k),
          schedule::real_rank(v, root, p), schedule::knomial_subtree_size(v, p, k)};
}

int send_to_parent(const TreeParent& parent, const void* data, int count, MPI_Datatype type,
                   int block, int tag, MPI_Comm comm) {
  const trace::Round round(parent.round);
  trace::blocks(parent.child, parent.subtree, 0, block);
  return MPI_Send(data, count, type, parent.rank, tag, comm);
}

int receive_from_parent(const TreeParent& parent, void* into, int count, MPI_Datatype type, int tag,
                        MPI_Comm comm) {
  const trace::Round round(parent.round);
  return MPI_Recv(into, count, type, parent.rank, tag, comm, MPI_STATUS_IGNORE);
}

int send_to_child(int child, int round, const void* data, int count, MPI_Datatype type, int root,
                  int p, int tag, MPI_Comm comm) {
  const trace::Round in_round(round);
  trace::blocks(root, 1, 0, count);
  return MPI_Send(data, count, type, schedule::real_rank(child, root, p), tag, comm);
}

} // namespace collscope::detail
