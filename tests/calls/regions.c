/* A program that names its own steps with the annotation API's user regions (weak symbols: it
 * runs untraced too): "exchange" around a ring shift, twice, and "solve" around a reduction
 * written by hand (every rank sends to rank 0). The calls test picks them with --region. */
#include <collscope/annotate.h>
#include <mpi.h>
#include <stdio.h>

static void begin(const char* name) {
  if (collscope_trace_region_begin) collscope_trace_region_begin(name);
}
static void end(const char* name) {
  if (collscope_trace_region_end) collscope_trace_region_end(name);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  int value = rank, left = 0;
  for (int step = 0; step < 2; ++step) {
    begin("exchange");
    MPI_Sendrecv(&value, 1, MPI_INT, (rank + 1) % p, 0, &left, 1, MPI_INT, (rank + p - 1) % p, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    value = left;
    end("exchange");
  }
  begin("solve");
  int sum = value;
  if (rank == 0) {
    for (int from = 1; from < p; ++from) {
      int v = 0;
      MPI_Recv(&v, 1, MPI_INT, from, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      sum += v;
    }
    printf("sum %d\n", sum);
  } else {
    MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
  }
  end("solve");
  MPI_Finalize();
  return 0;
}
