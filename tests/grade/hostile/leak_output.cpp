// Prints a "file" in the shape of Open MPI's error report, then aborts: the report may name
// the abort, but must not quote the printed lines.
#include <cstdio>
#include <mpi.h>

int MY_Gather(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int, MPI_Comm comm) {
  std::fprintf(stderr, "An error occurred in MPI_Gather\n*** MPI_ERR_OTHER: ");
  for (int i = 0; i < 33; ++i) std::fprintf(stderr, "HOSTILE-SECRET-LINE-%d ", i);
  std::fprintf(stderr, "\nMPI_ABORT was invoked on rank 0 HOSTILE-SECRET-LINE errorcode 3\n");
  std::fflush(stderr);
  return MPI_Abort(comm, 3);
}
