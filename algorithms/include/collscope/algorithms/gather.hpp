// MPI_Gather implementations on MPI point-to-point; each has MPI_Gather's exact signature.
#pragma once

#include <mpi.h>

namespace collscope {

/// The root receives every block in rank order, one after the other: p − 1 rounds.
int gather_linear(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/// Pre-order binomial tree over ranks shifted towards the root: ⌈log₂p⌉ rounds.
int gather_binomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/// Divide-and-conquer over contiguous rank ranges: ⌈log₂p⌉ rounds, rank order at any root.
int gather_dnc(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);

/// k-nomial tree, k-ported: the k−1 receives of a level posted at once; k = radix()
/// (radix.hpp): ⌈log_k p⌉ rounds.
int gather_knomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);

/// The Van de Geijn family's Linear-array gather, the chain scatter backwards: p − 1 rounds.
int gather_chain(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);

} // namespace collscope
