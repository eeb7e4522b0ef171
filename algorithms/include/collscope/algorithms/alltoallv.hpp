// MPI_Alltoallv implementations on MPI point-to-point, with MPI_Alltoallv's signature
// (MPI_IN_PLACE as sendbuf included).
#pragma once

#include <mpi.h>

namespace collscope {

/// The direct algorithm on blocks of any size; empty blocks are not sent.
int alltoallv_direct(const void* sendbuf, const int* sendcounts, const int* sdispls,
                     MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                     const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm);
/// The one-factor algorithm on blocks of any size; empty blocks are not sent.
int alltoallv_one_factor(const void* sendbuf, const int* sendcounts, const int* sdispls,
                         MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                         const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm);

} // namespace collscope
