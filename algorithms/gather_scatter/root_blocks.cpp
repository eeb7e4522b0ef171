#include "gather_scatter/root_blocks.hpp"

namespace collscope::detail {

int subtree_run(const void* sendbuf, int count, MPI_Datatype type, int first, int size, int p,
                std::optional<TempBuffer>& staging, const void*& run) {
  run = at(sendbuf, std::int64_t{first} * count, extent_of(type));
  if (first + size <= p) return MPI_SUCCESS;
  // The subtree's real ranks wrap past p − 1: pack its two runs in virtual-rank order.
  const int n = size * count, head = (p - first) * count;
  TempBuffer& packed = staging.emplace(n, type);
  COLLSCOPE_TRY(typed_copy(run, head, type, packed.data(), head, type));
  COLLSCOPE_TRY(typed_copy(sendbuf, n - head, type, packed.block(head), n - head, type));
  run = packed.data();
  return MPI_SUCCESS;
}

int keep_root_block(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root) {
  if (recvbuf == MPI_IN_PLACE) return MPI_SUCCESS;
  return typed_copy(at(sendbuf, std::int64_t{root} * sendcount, extent_of(sendtype)), sendcount,
                    sendtype, recvbuf, recvcount, recvtype);
}

int place_root_block(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root) {
  if (sendbuf == MPI_IN_PLACE) return MPI_SUCCESS;
  return typed_copy(sendbuf, sendcount, sendtype,
                    at(recvbuf, std::int64_t{root} * recvcount, extent_of(recvtype)), recvcount,
                    recvtype);
}

int unpack_wrapped_subtree(const void* staging, int count, MPI_Datatype type, int first, int size,
                           int p, void* recvbuf) {
  const int n = size * count, head = (p - first) * count;
  COLLSCOPE_TRY(typed_copy(staging, head, type,
                           at(recvbuf, std::int64_t{first} * count, extent_of(type)), head, type));
  return typed_copy(at(staging, head, extent_of(type)), n - head, type, recvbuf, n - head, type);
}

} // namespace collscope::detail
