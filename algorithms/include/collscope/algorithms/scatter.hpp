// MPI_Scatter implementations on MPI point-to-point; each has MPI_Scatter's exact signature.
#pragma once

#include <mpi.h>

namespace collscope {

/// The root sends every block in rank order, one after the other: p − 1 rounds.
int scatter_linear(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/// Pre-order binomial tree over ranks shifted towards the root: ⌈log₂p⌉ rounds.
int scatter_binomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/// Divide-and-conquer over contiguous rank ranges: ⌈log₂p⌉ rounds, no reordering.
int scatter_dnc(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);

/// k-nomial tree, k-ported: the k−1 sends of a level posted at once; k = radix() (radix.hpp):
/// ⌈log_k p⌉ rounds.
int scatter_knomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);

/// The Van de Geijn family's Linear-array scatter: the root sends the blocks, farthest first, down
/// the chain of ranks root, root + 1, …; each rank passes blocks on and keeps the last: p − 1
/// rounds.
int scatter_chain(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);

} // namespace collscope
