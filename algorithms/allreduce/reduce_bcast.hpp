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

/// An allreduce as `reduce` to rank 0, then `bcast` from it, called as MPI_Allreduce on the
/// private communicator: the region "algorithm allreduce/<algorithm>", then the two
/// collectives, the broadcast's rounds numbered after the reduction's `reduce_rounds(p, count,
/// datatype)` (which may record in the region what it chooses). MPI error code.
struct ReduceThenBcast {
  using Rounds = int (*)(int p, int count, MPI_Datatype datatype);

  const char* algorithm;
  ReduceAlgorithm reduce;
  Rounds reduce_rounds;
  BcastAlgorithm bcast;

  int operator()(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm) const;
};

} // namespace collscope::detail
