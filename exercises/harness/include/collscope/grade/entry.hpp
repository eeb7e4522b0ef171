// What a graded submission hands the harness: its function, under the name the exercise
// asks for. collscope-grade compiles a two-line glue file next to the submission that
// declares the function with the exact MPI signature and fills in `submission`, so a
// submission with the wrong signature fails to link, which the grader reports as such.
#pragma once

#include <mpi.h>

namespace collscope::grade {

/// MPI_Gather and MPI_Scatter.
using RootedFn = int (*)(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int, MPI_Comm);
using BcastFn = int (*)(void*, int, MPI_Datatype, int, MPI_Comm);
/// MPI_Allgather and MPI_Alltoall.
using AllgatherFn = int (*)(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm);
/// MPI_Allreduce, MPI_Scan and MPI_Reduce_scatter_block (its count is the recvcount).
using AllreduceFn = int (*)(const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm);
/// MPI_Gatherv.
using GathervFn = int (*)(const void*, int, MPI_Datatype, void*, const int*, const int*,
                          MPI_Datatype, int, MPI_Comm);

struct Entry {
  const char* collective; ///< "gather", "scatter", "bcast", "allgather", "allreduce", …
  const char* function;   ///< the name the student implemented, e.g. "MY_Gather"
  RootedFn rooted;        ///< set for gather and scatter
  BcastFn bcast;          ///< set for bcast
  AllgatherFn allgather;  ///< set for allgather and alltoall
  AllreduceFn allreduce;  ///< set for allreduce, scan and reduce_scatter_block
  GathervFn gatherv;      ///< set for gatherv
};

extern const Entry submission;

} // namespace collscope::grade
