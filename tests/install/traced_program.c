/* A user's MPI program, unchanged and unaware of collscope, for `collscope record`: a
 * broadcast, an allreduce and a ring of point-to-point messages. Exit 0 if the results are
 * right on this rank. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int value = rank == 0 ? 42 : 0;
  MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  int sum = 0;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  int token = rank, received = -1;
  MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % size, 0, &received, 1, MPI_INT,
               (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  const int ok =
      value == 42 && sum == size * (size - 1) / 2 && received == (rank + size - 1) % size;
  if (!ok) fprintf(stderr, "rank %d: wrong result\n", rank);
  MPI_Finalize();
  return ok ? 0 : 1;
}
