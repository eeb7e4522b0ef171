// The lecture's Van de Geijn family (seeds/001, "The “Van de Geijn” implementations"): linear-
// array (chain) scatter and gather, recursive-doubling allgather, broadcast = scatter +
// allgather and reduce = reduce-scatter + gather. Each has the exact signature of the MPI
// function it implements.
#pragma once

#include <mpi.h>

namespace collscope {

/// Linear-array scatter: the root sends the blocks, farthest first, down the chain of ranks
/// root, root + 1, …; each rank passes blocks on and keeps the last: p − 1 rounds.
int scatter_chain(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/// Linear-array gather, the chain scatter backwards: p − 1 rounds.
int gather_chain(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/// Recursive-doubling (butterfly) allgather: ⌈log₂p⌉ rounds for p a power of two, else
/// ⌊log₂p⌋ + 2 (the fold of Rabenseifner–Träff).
int allgather_recursive_doubling(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                 MPI_Comm comm);
/// Van de Geijn broadcast: binomial scatter of p near-equal blocks, then recursive-doubling
/// allgather.
int bcast_scatter_allgather(void* buffer, int count, MPI_Datatype datatype, int root,
                            MPI_Comm comm);
/// Binomial scatter, then ring allgather: ⌈log₂p⌉ + p − 1 rounds.
int bcast_scatter_ring(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/// Rabenseifner's reduce: reduce-scatter by recursive halving, then binomial gather to the
/// root (commutative operations only: MPI_ERR_OP otherwise, before any message).
int reduce_scatter_gather(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm);

} // namespace collscope
