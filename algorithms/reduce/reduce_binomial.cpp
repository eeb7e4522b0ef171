// Binomial-tree reduction (seeds/001, "Binomial tree reduction"): the gather tree, but each
// node combines what it receives into one vector of m elements instead of concatenating.
// Ranks are shifted so the root is virtual rank 0, which reorders the operands: the
// algorithm is for commutative operations (MPI_Op_commutative) only.
//
//   p = 7, root 0:   round 0: 1→0 3→2 5→4    round 1: 2→0 6→4    round 2: 4→0
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉(α + βm) plus ⌈log₂p⌉ local reductions.
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "reduce/subtree_sum.hpp"

namespace collscope {

namespace {

int unchecked_reduce_binomial(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                              MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  COLLSCOPE_TRY(check_commutative(op, datatype));
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce", "binomial", root, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  const int v = schedule::virtual_rank(rank, root, p);
  const auto children = schedule::preorder_children(v, p);
  const auto send_up = [&](const void* data) {
    const trace::Round round(schedule::preorder_gather_round(v));
    trace::blocks(rank, schedule::preorder_subtree_size(v, p), 0, count);
    const int parent = schedule::real_rank(schedule::preorder_parent(v, p), root, p);
    return MPI_Send(data, count, datatype, parent, reduce_tag, comm);
  };
  if (v != 0 && children.empty()) return send_up(sendbuf);

  SubtreeSum partial(v == 0, recvbuf, count, datatype);
  COLLSCOPE_TRY(partial.start(sendbuf));
  TempBuffer incoming(count, datatype);
  for (const schedule::TreeEdge& child : children) {
    const trace::Round round(child.round);
    COLLSCOPE_TRY(MPI_Recv(incoming.data(), count, datatype,
                           schedule::real_rank(child.vrank, root, p), reduce_tag, comm,
                           MPI_STATUS_IGNORE));
    COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), partial.data(), count, datatype, op));
  }
  return v == 0 ? MPI_SUCCESS : send_up(partial.data());
}

} // namespace

int reduce_binomial(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    int root, MPI_Comm user_comm) {
  return detail::guarded_reduce(sendbuf, recvbuf, count, datatype, op, root, user_comm,
                                unchecked_reduce_binomial);
}

} // namespace collscope
