/* A plain MPI program for the tune library's auto test (run at p = 4): each collective called
 * through MPI_* (which libcollscope-tune routes) and through PMPI_* (the library's own, which
 * it never sees), results compared bit for bit. Three calls of each, so auto's choice is taken
 * from its cache. Doubles are integer-valued: every correct order of adding gives the same
 * bits. Then the world is split into {0} and {1, 2, 3}: a double allreduce of 32 bytes and an
 * int bcast there only, so what happens to them happens on ranks 1-3 alone.
 * Prints "tune_auto_program: N cases, K differ" on rank 0; exits 1 when K > 0. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cases, differ;

static void same(const void* a, const void* b, size_t bytes) {
  ++cases;
  if (memcmp(a, b, bytes) != 0) ++differ;
}

static void fill_ints(int* v, int n, int rank) {
  for (int i = 0; i < n; ++i) v[i] = rank * 1000 + i % 977 - 300;
}

static void fill_doubles(double* v, int n, int rank) {
  for (int i = 0; i < n; ++i) v[i] = (double)(rank * 1000 + i % 977) - 300.0;
}

static void bcasts(MPI_Comm comm, int n, int root) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  int* a = malloc(sizeof(int) * (size_t)n);
  int* b = malloc(sizeof(int) * (size_t)n);
  fill_ints(a, n, rank == root ? 7 : rank);
  memcpy(b, a, sizeof(int) * (size_t)n);
  MPI_Bcast(a, n, MPI_INT, root, comm);
  PMPI_Bcast(b, n, MPI_INT, root, comm);
  same(a, b, sizeof(int) * (size_t)n);
  free(a);
  free(b);
}

static void allreduces(MPI_Comm comm, int n, MPI_Datatype type) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  const size_t size = type == MPI_DOUBLE ? sizeof(double) : sizeof(int);
  void* in = malloc(size * (size_t)n);
  void* x = malloc(size * (size_t)n);
  void* y = malloc(size * (size_t)n);
  if (type == MPI_DOUBLE)
    fill_doubles(in, n, rank);
  else
    fill_ints(in, n, rank);
  MPI_Allreduce(in, x, n, type, MPI_SUM, comm);
  PMPI_Allreduce(in, y, n, type, MPI_SUM, comm);
  same(x, y, size * (size_t)n);
  free(in);
  free(x);
  free(y);
}

static void others(MPI_Comm comm, int n) {
  int rank, p;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  int* in = malloc(sizeof(int) * (size_t)(n * p));
  int* x = calloc((size_t)(n * p), sizeof(int));
  int* y = calloc((size_t)(n * p), sizeof(int));
  double* d = malloc(sizeof(double) * (size_t)n);
  double* dx = calloc((size_t)n, sizeof(double));
  double* dy = calloc((size_t)n, sizeof(double));
  fill_ints(in, n * p, rank);
  fill_doubles(d, n, rank);
  MPI_Reduce(d, dx, n, MPI_DOUBLE, MPI_SUM, 1 % p, comm);
  PMPI_Reduce(d, dy, n, MPI_DOUBLE, MPI_SUM, 1 % p, comm);
  if (rank == 1 % p) same(dx, dy, sizeof(double) * (size_t)n);
  MPI_Allgather(in, n, MPI_INT, x, n, MPI_INT, comm);
  PMPI_Allgather(in, n, MPI_INT, y, n, MPI_INT, comm);
  same(x, y, sizeof(int) * (size_t)(n * p));
  MPI_Alltoall(in, n, MPI_INT, x, n, MPI_INT, comm);
  PMPI_Alltoall(in, n, MPI_INT, y, n, MPI_INT, comm);
  same(x, y, sizeof(int) * (size_t)(n * p));
  MPI_Scan(in, x, n, MPI_INT, MPI_SUM, comm);
  PMPI_Scan(in, y, n, MPI_INT, MPI_SUM, comm);
  same(x, y, sizeof(int) * (size_t)n);
  MPI_Gather(in, n, MPI_INT, x, n, MPI_INT, 0, comm);
  PMPI_Gather(in, n, MPI_INT, y, n, MPI_INT, 0, comm);
  if (rank == 0) same(x, y, sizeof(int) * (size_t)(n * p));
  free(in);
  free(x);
  free(y);
  free(d);
  free(dx);
  free(dy);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int rep = 0; rep < 3; ++rep) {
    bcasts(MPI_COMM_WORLD, 1, rep % 4);
    bcasts(MPI_COMM_WORLD, 65536, 0);
    allreduces(MPI_COMM_WORLD, 1, MPI_DOUBLE);
    allreduces(MPI_COMM_WORLD, 65536, MPI_DOUBLE);
    allreduces(MPI_COMM_WORLD, 4, MPI_INT);
    others(MPI_COMM_WORLD, 3);
  }
  MPI_Comm part;
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? 0 : 1, rank, &part);
  if (rank > 0) {
    for (int rep = 0; rep < 2; ++rep) {
      allreduces(part, 4, MPI_DOUBLE);
      bcasts(part, 4, 2);
    }
  }
  MPI_Comm_free(&part);
  int totals[2] = {cases, differ}, sums[2];
  PMPI_Reduce(totals, sums, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("tune_auto_program: %d cases, %d differ\n", sums[0], sums[1]);
  MPI_Finalize();
  return rank == 0 && sums[1] > 0 ? 1 : 0;
}
