// Allreduce as a reduction to rank 0 followed by a broadcast from it (seeds/001, "Allreduce ≈
// Reduce + Broadcast"), shared by `reduce-bcast` (rank-ordered reduction, binomial broadcast)
// and `tree-pipeline` (the two pipelined two-trees), which differ only in the two collectives.
#pragma once

#include <mpi.h>

namespace collscope::detail {

/// A reduce or bcast of collscope's with MPI's signature.
using ReduceAlgorithm = int (*)(const void* sendbuf, void* recvbuf, int count,
                                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
using BcastAlgorithm = int (*)(void* buffer, int count, MPI_Datatype datatype, int root,
                               MPI_Comm comm);

/// `reduce` to rank 0, then `bcast` from it, its rounds numbered after the reduction's
/// `reduce_rounds`. The region is the caller's. MPI error code.
int reduce_then_bcast(ReduceAlgorithm reduce, int reduce_rounds, BcastAlgorithm bcast,
                      const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm);

} // namespace collscope::detail
