// Binomial-tree gather (seeds/001, "Binomial tree gather in rounds"): ranks are shifted so
// the root is virtual rank 0; virtual rank v receives the subtrees of v + 1, v + 2, v + 4, …
// (as long as those bits of v are clear) and then sends its whole subtree, a contiguous
// range of virtual ranks, to v − 2^k in round k = lowest set bit of v.
//
//   p = 7, root 0:   round 0: 1→0 3→2 5→4    round 1: 2→0 6→4    round 2: 4→0
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉α + (p − 1)/p·βm, optimal in both terms.
// For root ≠ 0 a subtree's real ranks can wrap past p − 1: that one subtree is received into a
// temporary buffer and copied into rank order (the drawback the lecture notes; gather_dnc
// avoids it).
#include "collscope/algorithms/gather.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "gather_scatter/root_blocks.hpp"

namespace collscope {

namespace {

int gather_at_root(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, int p) {
  using namespace detail;
  const MPI_Aint extent = extent_of(recvtype);
  COLLSCOPE_TRY(place_root_block(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root));
  for (const schedule::TreeEdge& child : schedule::preorder_children(0, p)) {
    const int first = schedule::real_rank(child.vrank, root, p);
    const int count = child.subtree_size * recvcount;
    const int source = first;
    const trace::Round round(child.round);
    if (first + child.subtree_size <= p) {
      COLLSCOPE_TRY(MPI_Recv(at(recvbuf, std::int64_t{first} * recvcount, extent), count, recvtype,
                             source, gather_tag, comm, MPI_STATUS_IGNORE));
      continue;
    }
    TempBuffer staging(count, recvtype);
    COLLSCOPE_TRY(
        MPI_Recv(staging.data(), count, recvtype, source, gather_tag, comm, MPI_STATUS_IGNORE));
    COLLSCOPE_TRY(unpack_wrapped_subtree(staging.data(), recvcount, recvtype, first,
                                         child.subtree_size, p, recvbuf));
  }
  return MPI_SUCCESS;
}

} // namespace

namespace {

int unchecked_gather_binomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                              void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                              MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("gather", "binomial", root, rank == root ? recvcount : sendcount,
                               rank == root ? recvtype : sendtype, comm);
  if (rank == root) {
    if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
    return gather_at_root(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                          p);
  }
  if (carries_no_data(sendcount, sendtype)) return MPI_SUCCESS;
  const int v = schedule::virtual_rank(rank, root, p);
  const int parent = schedule::real_rank(schedule::preorder_parent(v, p), root, p);
  const int size = schedule::preorder_subtree_size(v, p);
  const auto send_up = [&](const void* data) {
    const trace::Round round(schedule::preorder_gather_round(v));
    trace::blocks(rank, size, 0, sendcount);
    return MPI_Send(data, size * sendcount, sendtype, parent, gather_tag, comm);
  };
  const auto children = schedule::preorder_children(v, p);
  if (children.empty()) return send_up(sendbuf);

  // An inner node collects its subtree's blocks, its own first, in virtual-rank order.
  TempBuffer subtree(std::int64_t{size} * sendcount, sendtype);
  COLLSCOPE_TRY(typed_copy(sendbuf, sendcount, sendtype, subtree.data(), sendcount, sendtype));
  for (const schedule::TreeEdge& child : children) {
    const trace::Round round(child.round);
    COLLSCOPE_TRY(MPI_Recv(
        subtree.block(std::int64_t{child.vrank - v} * sendcount), child.subtree_size * sendcount,
        sendtype, schedule::real_rank(child.vrank, root, p), gather_tag, comm, MPI_STATUS_IGNORE));
  }
  return send_up(subtree.data());
}

} // namespace

int gather_binomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm user_comm) {
  return detail::guarded_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                                user_comm, unchecked_gather_binomial);
}

} // namespace collscope
