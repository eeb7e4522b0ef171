/* Two ranks ping-pong ITERATIONS messages (argv[1]): enough events to pass a small trace
 * size limit. Rank 0 prints the sum of what came back, which tracing must not change. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const long iterations = argc > 1 ? atol(argv[1]) : 1000;
  long sum = 0;
  for (long i = 0; i < iterations; ++i) {
    long value = i;
    if (rank == 0) {
      MPI_Send(&value, 1, MPI_LONG, 1, 7, MPI_COMM_WORLD);
      MPI_Recv(&value, 1, MPI_LONG, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      sum += value;
    } else if (rank == 1) {
      MPI_Recv(&value, 1, MPI_LONG, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      value *= 2;
      MPI_Send(&value, 1, MPI_LONG, 0, 7, MPI_COMM_WORLD);
    }
  }
  if (rank == 0) printf("sum %ld\n", sum);
  MPI_Finalize();
  return 0;
}
