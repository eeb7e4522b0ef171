// MPI's argument checks as every collscope algorithm runs them at its entry (the same error
// classes in the same order as Open MPI's MPI_* functions), for a caller that decides before it
// calls one: libcollscope-tune sends a call whose arguments MPI rejects to the library, which
// then reports the error itself. Each returns MPI_SUCCESS or the MPI error class and calls no
// error handler. Arguments every rank passes alike fail on every rank alike; those significant
// at the root only fail at the root only, as in MPI.
#pragma once

#include <mpi.h>

namespace collscope {

int check_gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int check_scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int check_bcast(const void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int check_reduce(const void* sendbuf, const void* recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, int root, MPI_Comm comm);
int check_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int check_gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                  const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                  MPI_Comm comm);
int check_scatterv(const void* sendbuf, const int* sendcounts, const int* displs,
                   MPI_Datatype sendtype, const void* recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm);
int check_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                     const int* recvcounts, const int* displs, MPI_Datatype recvtype,
                     MPI_Comm comm);
/// MPI_Allreduce, MPI_Scan, MPI_Exscan (no root; MPI_IN_PLACE as sendbuf is allowed).
int check_allreduce(const void* sendbuf, const void* recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm);
/// MPI_Reduce_scatter (counts per rank) and MPI_Reduce_scatter_block (recvcounts = nullptr,
/// `count` per rank).
int check_reduce_scatter(const void* sendbuf, const void* recvbuf, const int* recvcounts, int count,
                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/// MPI_Alltoall: sendbuf may be MPI_IN_PLACE (the input is then the receive buffer).
int check_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/// MPI_Alltoallv: both count and displacement arrays (the send side's ignored in place).
int check_alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls,
                    MPI_Datatype sendtype, const void* recvbuf, const int* recvcounts,
                    const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm);

/// Why a hierarchical algorithm would refuse a call on `comm` with `root` (−1: rootless), or
/// nullptr if it would run: the node layout (COLLSCOPE_NODES or the real nodes) does not fit
/// `comm`; `full_lane` and nodes of different sizes; `rank_order` (a prefix, a non-commutative
/// op) and nodes that are not runs of consecutive ranks. Collective over `comm`, as the
/// algorithm's first call is: it makes the node communicators the algorithm then reuses.
const char* hierarchical_refusal(MPI_Comm comm, int root, bool full_lane, bool rank_order);

} // namespace collscope
