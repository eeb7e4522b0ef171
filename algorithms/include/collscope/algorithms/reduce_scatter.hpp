// MPI_Reduce_scatter_block and MPI_Reduce_scatter (irregular counts) by the lecture's
// algorithms (seeds/001); each file's header gives its rounds, cost and source.
#pragma once

#include <mpi.h>

namespace collscope {

int reduce_scatter_block_ring(const void* sendbuf, void* recvbuf, int recvcount,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int reduce_scatter_ring(const void* sendbuf, void* recvbuf, const int recvcounts[],
                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int reduce_scatter_block_halving(const void* sendbuf, void* recvbuf, int recvcount,
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int reduce_scatter_halving(const void* sendbuf, void* recvbuf, const int recvcounts[],
                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int reduce_scatter_block_ordered_halving(const void* sendbuf, void* recvbuf, int recvcount,
                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int reduce_scatter_ordered_halving(const void* sendbuf, void* recvbuf, const int recvcounts[],
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

} // namespace collscope
