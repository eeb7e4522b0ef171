#include "gather_scatter/subtrees.hpp"

#include "common/buffers.hpp"

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

} // namespace collscope::detail
