// MPI_Alltoall implementations on MPI point-to-point; each has the MPI function's signature
// (MPI_IN_PLACE as sendbuf included). The MPI_Alltoallv ones are in alltoallv.hpp, included
// here as before.
#pragma once

#include "collscope/algorithms/alltoallv.hpp"

#include <mpi.h>

namespace collscope {

/// Every rank sends to rank + i and receives from rank − i in round i − 1: p − 1 rounds.
int alltoall_direct(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/// Pairwise exchanges along a 1-factorization: p − 1 rounds (p even), p (p odd, one idle rank
/// per round).
int alltoall_one_factor(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/// Message combining on the hypercube: log₂p rounds of p/2 blocks. p must be a power of two;
/// otherwise MPI_ERR_ARG through the communicator's error handler, nothing sent (bruck is the
/// generalization to any p).
int alltoall_hypercube(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/// Bruck's index algorithm on the circulant graph i → i + 2^k: ⌈log₂p⌉ rounds of ≤ ⌊p/2⌋ blocks.
int alltoall_bruck(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

/// Bruck's index algorithm in radix k = radix() (radix.hpp): the slots of one base-k digit
/// value per round, (k−1)⌈log_k p⌉ rounds for p = k^L (k = 2: `alltoall_bruck`).
int alltoall_bruck_radix(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/// Open MPI's basic linear: every receive and send posted at once, one MPI_Waitall.
int alltoall_linear(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/// MPICH's scatter-dest: the linear requests at most 32 rounds (or --blocks) at a time.
int alltoall_scatter_dest(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

/// Hierarchical: gather inside every node, direct exchange of node-to-node blocks across the
/// node leaders, scatter inside every node: 2⌈log₂n⌉ + N − 1 rounds, any node sizes.
int alltoall_hierarchical(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

} // namespace collscope
