/* A rank that polls for long: rank 0 spins in MPI_Test on a receive, then in MPI_Iprobe,
 * while rank 1 sleeps SECONDS/2 before each of its two sends. Traced, the polls that found
 * nothing must become one region each run, so the trace stays kilobytes. Rank 0 prints how
 * many polls it made. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const double seconds = argc > 1 ? atof(argv[1]) : 10.0;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int value = 7;
  long tests = 0, probes = 0;
  if (rank == 0) {
    MPI_Request request;
    MPI_Irecv(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &request);
    for (int flag = 0; !flag; ++tests) MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
    for (int flag = 0; !flag; ++probes) MPI_Iprobe(1, 2, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    MPI_Recv(&value, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("polls %ld tests %ld probes\n", tests, probes);
  } else if (rank == 1) {
    usleep((useconds_t)(seconds * 5e5));
    MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    usleep((useconds_t)(seconds * 5e5));
    MPI_Send(&value, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
