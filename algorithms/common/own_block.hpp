// A rank's own contribution to a gathering collective (gather, allgather, alltoall): the send
// side as given, or with MPI_IN_PLACE its block of the receive buffer, described by the receive
// side's count and type.
#pragma once

#include <mpi.h>

namespace collscope::detail {

struct OwnBlock {
  const void* data;
  int count;
  MPI_Datatype type;
};

/// `in_place`: the caller's reading of MPI_IN_PLACE (gather: at the root only); then the data is
/// `index` blocks of recvcount × recvtype into `recvbuf`.
OwnBlock own_block(bool in_place, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                   const void* recvbuf, int recvcount, MPI_Datatype recvtype, int index);

} // namespace collscope::detail
