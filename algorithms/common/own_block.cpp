#include "common/own_block.hpp"

#include "common/buffers.hpp"

namespace collscope::detail {

OwnBlock own_block(bool in_place, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                   const void* recvbuf, int recvcount, MPI_Datatype recvtype, int index) {
  if (!in_place) return {sendbuf, sendcount, sendtype};
  return {at(recvbuf, std::int64_t{index} * recvcount, extent_of(recvtype)), recvcount, recvtype};
}

} // namespace collscope::detail
