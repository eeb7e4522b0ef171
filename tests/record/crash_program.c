/* A traced run that dies before MPI_Finalize: after a first exchange, rank 1 either calls
 * MPI_Abort ("abort") or raises SIGSEGV ("segv") while the other ranks wait for a message
 * that never comes. The tracer must leave DIR.partial/INCOMPLETE and no DIR. */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  int rank, size, value = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int segv = argc > 1 && strcmp(argv[1], "segv") == 0;

  MPI_Allreduce(&rank, &value, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 1 % size) {
    if (segv)
      raise(SIGSEGV);
    else
      MPI_Abort(MPI_COMM_WORLD, 3);
  } else {
    MPI_Recv(&value, 1, MPI_INT, 1 % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  printf("unreachable\n");
  MPI_Finalize();
  return 0;
}
