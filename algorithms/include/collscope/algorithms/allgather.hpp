// MPI_Allgather implementations on MPI point-to-point; each has MPI_Allgather's signature.
#pragma once

#include <mpi.h>

namespace collscope {

/// Every rank passes blocks to its right neighbour: p − 1 rounds.
int allgather_ring(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/// Dissemination (Bruck) on the circulant graph i → i + 2^k: ⌈log₂p⌉ rounds; blocks are
/// received straight into their rank-order place, wrapped ranges as one derived datatype.
int allgather_dissemination(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

} // namespace collscope
