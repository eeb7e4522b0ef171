/* Peak memory of a long run: rank 0 and rank 1 exchange MESSAGES 1-byte messages (ping-pong;
 * other ranks wait), then every rank prints its peak resident set size (VmHWM), read after
 * MPI_Finalize so that writing the trace counts too:
 *   memory MESSAGES          prints "rank R peak_kib K" for each rank */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long peak_kib(void) {
  FILE* status = fopen("/proc/self/status", "r");
  char line[256];
  long kib = -1;
  while (status != NULL && fgets(line, sizeof line, status) != NULL)
    if (strncmp(line, "VmHWM:", 6) == 0) kib = atol(line + 6);
  if (status != NULL) fclose(status);
  return kib;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const long messages = argc > 1 ? atol(argv[1]) : 1000;
  char byte = 0;
  if (size > 1 && rank < 2) {
    for (long i = 0; i < messages / 2; ++i) {
      if (rank == 0) {
        MPI_Send(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      }
    }
  }
  const long before = peak_kib();
  MPI_Finalize();
  printf("rank %d peak_kib %ld (before MPI_Finalize %ld)\n", rank, peak_kib(), before);
  return 0;
}
