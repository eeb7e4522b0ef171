#include "gather_scatter/subtrees.hpp"

#include "collscope/algorithms/radix.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "gather_scatter/root_blocks.hpp"

#include <cstdint>

namespace collscope::detail {

int gather_subtree(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                   const TreeParent& parent, MPI_Comm comm,
                   const std::function<int(void* blocks)>& receive_children) {
  const auto send_up = [&](const void* data) {
    return send_to_parent(parent, data, parent.subtree * sendcount, sendtype, sendcount, gather_tag,
                          comm);
  };
  if (parent.subtree == 1) return send_up(sendbuf);

  // An inner node collects its subtree's blocks, its own first, in virtual-rank order.
  TempBuffer subtree(std::int64_t{parent.subtree} * sendcount, sendtype);
  COLLSCOPE_TRY(typed_copy(sendbuf, sendcount, sendtype, subtree.data(), sendcount, sendtype));
  COLLSCOPE_TRY(receive_children(subtree.data()));
  return send_up(subtree.data());
}

int scatter_subtree(void* recvbuf, int recvcount, MPI_Datatype recvtype, const TreeParent& parent,
                    MPI_Comm comm, const std::function<int(const void* blocks)>& send_children) {
  const auto receive = [&](void* into) {
    return receive_from_parent(parent, into, parent.subtree * recvcount, recvtype, scatter_tag,
                               comm);
  };
  if (parent.subtree == 1) return receive(recvbuf);

  // An inner node receives its subtree's blocks in virtual-rank order, its own first.
  TempBuffer subtree(std::int64_t{parent.subtree} * recvcount, recvtype);
  COLLSCOPE_TRY(receive(subtree.data()));
  COLLSCOPE_TRY(send_children(subtree.data()));
  return typed_copy(subtree.data(), recvcount, recvtype, recvbuf, recvcount, recvtype);
}

template <Toward toward>
int SubtreeTree<toward>::operator()(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                    void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                    MPI_Comm comm) const {
  constexpr bool gathers = toward == Toward::root;
  const auto [rank, p] = shape(comm);
  // The side MPI reads at this rank: a gather's root its receive side, the other ranks their
  // send side; a scatter the other way round.
  const bool recv_side = gathers == (rank == root);
  const int count = recv_side ? recvcount : sendcount;
  const MPI_Datatype type = recv_side ? recvtype : sendtype;
  const AlgorithmRegion region(gathers ? "gather" : "scatter", algorithm, root, count, type, comm);
  const int radix = knomial ? collscope::radix() : 0;
  if (knomial) trace::meta("radix", radix);
  if (carries_no_data(count, type)) return MPI_SUCCESS;
  const SubtreeRank me{schedule::virtual_rank(rank, root, p), p, root, radix, comm};
  const auto own_children = [&](Blocks blocks) { return children(blocks, count, type, me); };
  if (rank != root) {
    const TreeParent parent = knomial ? knomial_parent(me.v, root, p, radix, toward)
                                      : binomial_parent(me.v, root, p, toward);
    if constexpr (gathers)
      return gather_subtree(sendbuf, count, type, parent, comm, own_children);
    else
      return scatter_subtree(recvbuf, count, type, parent, comm, own_children);
  }
  if constexpr (gathers) {
    COLLSCOPE_TRY(
        place_root_block(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root));
    return own_children(recvbuf);
  } else {
    COLLSCOPE_TRY(own_children(sendbuf));
    return keep_root_block(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
  }
}

template struct SubtreeTree<Toward::root>;
template struct SubtreeTree<Toward::leaves>;

} // namespace collscope::detail
