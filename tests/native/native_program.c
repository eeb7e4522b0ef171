/* A plain MPI program (it does not link the tracer) whose collectives are Open MPI's own:
 *   native_program bcast COUNT ROOT    one MPI_Bcast of COUNT ints from ROOT
 *   native_program allreduce COUNT     one MPI_Allreduce (sum) of COUNT ints
 *   native_program ibcast COUNT ROOT   one MPI_Ibcast, then MPI_Wait
 * Each rank checks its result and rank 0 prints "verified: yes" when every rank got the
 * right one (else "verified: no" and exit status 1). The tracer reaches it via LD_PRELOAD. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 3) {
    if (rank == 0) fprintf(stderr, "usage: native_program bcast COUNT ROOT | allreduce COUNT\n");
    MPI_Finalize();
    return 2;
  }
  const int count = atoi(argv[2]);
  int* data = malloc((size_t)(count > 0 ? count : 1) * sizeof *data);
  int* out = malloc((size_t)(count > 0 ? count : 1) * sizeof *out);
  int ok = 1;
  if (strcmp(argv[1], "bcast") == 0 || strcmp(argv[1], "ibcast") == 0) {
    const int root = argc > 3 ? atoi(argv[3]) : 0;
    for (int i = 0; i < count; ++i) data[i] = rank == root ? 7 * i + root : -1;
    if (argv[1][0] == 'i') {
      MPI_Request request;
      MPI_Ibcast(data, count, MPI_INT, root, MPI_COMM_WORLD, &request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
      MPI_Bcast(data, count, MPI_INT, root, MPI_COMM_WORLD);
    }
    for (int i = 0; i < count; ++i) ok = ok && data[i] == 7 * i + root;
  } else {
    for (int i = 0; i < count; ++i) data[i] = rank + i;
    MPI_Allreduce(data, out, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < count; ++i) ok = ok && out[i] == size * (size - 1) / 2 + size * i;
  }
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0) printf("verified: %s\n", all ? "yes" : "no");
  free(data);
  free(out);
  MPI_Finalize();
  return all ? 0 : 1;
}
