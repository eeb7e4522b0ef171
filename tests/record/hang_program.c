/* Deadlocks on purpose after five barriers: rank 0 waits in MPI_Recv for a message nobody
 * sends, the others in MPI_Bcast from rank 0. For the `record` watchdog and for stopping
 * `record` (tests/record/check_trace.sh watchdog). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int x = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 5; ++i) MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d deadlocks now\n", rank);
  fflush(stdout);
  if (rank == 0)
    MPI_Recv(&x, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  else
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
