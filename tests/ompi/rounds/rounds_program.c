/* rounds_program COLL COUNT ROOTS [split]: one call of the collective per root in ROOTS (comma
 * separated; ignored by rootless collectives) on MPI_COMM_WORLD — or, with "split", on each half
 * of it (ranks < p/2 and the rest; roots modulo the half's size) — with COUNT MPI_INTs per rank
 * or block. No other collective runs, so each native call in the trace is one of these. Open
 * MPI's algorithm is forced by mpirun's --mca options (check_ompi_rounds.sh). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void run(const char* coll, int count, int root, MPI_Comm comm, int* a, int* b) {
  if (strcmp(coll, "bcast") == 0)
    MPI_Bcast(a, count, MPI_INT, root, comm);
  else if (strcmp(coll, "reduce") == 0)
    MPI_Reduce(a, b, count, MPI_INT, MPI_SUM, root, comm);
  else if (strcmp(coll, "allreduce") == 0)
    MPI_Allreduce(a, b, count, MPI_INT, MPI_SUM, comm);
  else if (strcmp(coll, "scan") == 0)
    MPI_Scan(a, b, count, MPI_INT, MPI_SUM, comm);
  else if (strcmp(coll, "allgather") == 0)
    MPI_Allgather(a, count, MPI_INT, b, count, MPI_INT, comm);
  else if (strcmp(coll, "gather") == 0)
    MPI_Gather(a, count, MPI_INT, b, count, MPI_INT, root, comm);
  else if (strcmp(coll, "scatter") == 0)
    MPI_Scatter(b, count, MPI_INT, a, count, MPI_INT, root, comm);
  else if (strcmp(coll, "barrier") == 0)
    MPI_Barrier(comm);
  else if (strcmp(coll, "alltoall") == 0)
    MPI_Alltoall(b, count, MPI_INT, a, count, MPI_INT, comm);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 4) {
    if (rank == 0) fprintf(stderr, "usage: rounds_program COLL COUNT ROOTS [split]\n");
    MPI_Finalize();
    return 2;
  }
  const int count = atoi(argv[2]);
  MPI_Comm comm = MPI_COMM_WORLD;
  if (argc > 4 && strcmp(argv[4], "split") == 0)
    MPI_Comm_split(MPI_COMM_WORLD, rank < size / 2 ? 0 : 1, rank, &comm);
  int p = 1;
  MPI_Comm_size(comm, &p);
  const size_t n = (size_t)count * (size_t)size + 1;
  int* a = calloc(n, sizeof *a);
  int* b = calloc(n, sizeof *b);
  for (size_t i = 0; i < n; ++i) a[i] = b[i] = rank + (int)i;
  char* roots = strdup(argv[3]);
  for (char* r = strtok(roots, ","); r != NULL; r = strtok(NULL, ","))
    run(argv[1], count, atoi(r) % p, comm, a, b);
  free(roots);
  free(a);
  free(b);
  if (comm != MPI_COMM_WORLD) MPI_Comm_free(&comm);
  MPI_Finalize();
  return 0;
}
