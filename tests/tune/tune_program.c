/* A plain MPI program for the tune library's tests: many collectives, every root, MPI_IN_PLACE,
 * a non-commutative user op, a split communicator and an intercommunicator. Each rank writes a
 * digest of every result, one line per call, to DIR/rank-R.txt; runs with and without
 * libcollscope-tune must write the same files. Integer data and integer-valued doubles, so
 * every correct algorithm gets the same bits whatever order it adds in. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE* out;
static int step;

static void digest(const void* data, size_t bytes) {
  const unsigned char* b = data;
  unsigned long long h = 1469598103934665603ull;
  for (size_t i = 0; i < bytes; ++i) h = (h ^ b[i]) * 1099511628211ull;
  fprintf(out, "%d %zu %016llx\n", step++, bytes, h);
}

/* x -> a x + b on pairs (a, b), composed in rank order: associative, not commutative. */
static void affine(void* in, void* inout, int* len, MPI_Datatype* type) {
  const unsigned* x = in;
  unsigned* y = inout;
  (void)type;
  for (int i = 0; i < *len; ++i) {
    const unsigned a = x[2 * i] * y[2 * i], b = y[2 * i] * x[2 * i + 1] + y[2 * i + 1];
    y[2 * i] = a;
    y[2 * i + 1] = b;
  }
}

static int* ints(int n, int seed) {
  int* v = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  for (int i = 0; i < n; ++i) v[i] = seed * 131 + i * 7 - 50;
  return v;
}

static void collectives(MPI_Comm comm, MPI_Datatype pair, MPI_Op op, int n) {
  int rank, p;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  int* a = ints(n * p + p, rank + 1);
  int* b = ints(n * p + p, 0);
  double* d = malloc(sizeof(double) * (size_t)n);
  double* e = malloc(sizeof(double) * (size_t)n);
  unsigned* u = malloc(sizeof(unsigned) * 2 * (size_t)n);
  unsigned* w = malloc(sizeof(unsigned) * 2 * (size_t)n);
  int* counts = malloc(sizeof(int) * (size_t)p);
  int* displs = malloc(sizeof(int) * (size_t)p);
  int total = 0;
  for (int i = 0; i < p; ++i) {
    counts[i] = (n + 3 * i) % (n + 2);
    displs[i] = total;
    total += counts[i];
  }
  int* v = ints(total > n * p ? total : n * p, rank + 5);
  int* vr = ints(total > n * p ? total : n * p, 0);
  for (int i = 0; i < n; ++i) {
    d[i] = (double)(rank * 1000 + i);
    u[2 * i] = 2u * (unsigned)(rank + i) + 1u;
    u[2 * i + 1] = (unsigned)(rank * 7 + i);
  }
  for (int root = 0; root < p; ++root) {
    memcpy(b, a, sizeof(int) * (size_t)n);
    MPI_Bcast(b, n, MPI_INT, root, comm);
    digest(b, sizeof(int) * (size_t)n);
    memset(b, 0, sizeof(int) * (size_t)n);
    MPI_Reduce(a, b, n, MPI_INT, MPI_SUM, root, comm);
    if (rank == root) digest(b, sizeof(int) * (size_t)n);
    memcpy(w, u, sizeof(unsigned) * 2 * (size_t)n);
    MPI_Reduce(rank == root ? MPI_IN_PLACE : u, w, n, pair, op, root, comm);
    if (rank == root) digest(w, sizeof(unsigned) * 2 * (size_t)n);
    memcpy(b + rank * n, a, sizeof(int) * (size_t)n);
    MPI_Gather(rank == root ? MPI_IN_PLACE : a, n, MPI_INT, b, n, MPI_INT, root, comm);
    if (rank == root) digest(b, sizeof(int) * (size_t)(n * p));
    MPI_Scatter(a, n, MPI_INT, rank == root ? MPI_IN_PLACE : b, n, MPI_INT, root, comm);
    digest(rank == root ? a + root * n : b, sizeof(int) * (size_t)n);
    MPI_Gatherv(v, counts[rank], MPI_INT, vr, counts, displs, MPI_INT, root, comm);
    if (rank == root) digest(vr, sizeof(int) * (size_t)total);
    MPI_Scatterv(v, counts, displs, MPI_INT, vr, counts[rank], MPI_INT, root, comm);
    digest(vr, sizeof(int) * (size_t)counts[rank]);
  }
  MPI_Allreduce(a, b, n, MPI_INT, MPI_SUM, comm);
  digest(b, sizeof(int) * (size_t)n);
  MPI_Allreduce(d, e, n, MPI_DOUBLE, MPI_SUM, comm);
  digest(e, sizeof(double) * (size_t)n);
  memcpy(b, a, sizeof(int) * (size_t)n);
  MPI_Allreduce(MPI_IN_PLACE, b, n, MPI_INT, MPI_MAX, comm);
  digest(b, sizeof(int) * (size_t)n);
  MPI_Allreduce(u, w, n, pair, op, comm);
  digest(w, sizeof(unsigned) * 2 * (size_t)n);
  MPI_Scan(u, w, n, pair, op, comm);
  digest(w, sizeof(unsigned) * 2 * (size_t)n);
  memcpy(b, a, sizeof(int) * (size_t)n);
  MPI_Scan(MPI_IN_PLACE, b, n, MPI_INT, MPI_SUM, comm);
  digest(b, sizeof(int) * (size_t)n);
  MPI_Exscan(a, b, n, MPI_INT, MPI_SUM, comm);
  if (rank > 0) digest(b, sizeof(int) * (size_t)n);
  MPI_Reduce_scatter_block(a, b, n / p, MPI_INT, MPI_SUM, comm);
  digest(b, sizeof(int) * (size_t)(n / p));
  MPI_Reduce_scatter(v, vr, counts, MPI_INT, MPI_SUM, comm);
  digest(vr, sizeof(int) * (size_t)counts[rank]);
  memcpy(b + rank * n, a, sizeof(int) * (size_t)n);
  MPI_Allgather(MPI_IN_PLACE, n, MPI_INT, b, n, MPI_INT, comm);
  digest(b, sizeof(int) * (size_t)(n * p));
  MPI_Allgatherv(v, counts[rank], MPI_INT, vr, counts, displs, MPI_INT, comm);
  digest(vr, sizeof(int) * (size_t)total);
  MPI_Alltoall(a, n, MPI_INT, b, n, MPI_INT, comm);
  digest(b, sizeof(int) * (size_t)(n * p));
  /* alltoallv: rank r sends counts[j] to j... and so receives counts[r] from each. */
  int* rc = malloc(sizeof(int) * (size_t)p);
  int* rd = malloc(sizeof(int) * (size_t)p);
  for (int i = 0; i < p; ++i) {
    rc[i] = counts[rank];
    rd[i] = i * counts[rank];
  }
  MPI_Alltoallv(v, counts, displs, MPI_INT, b, rc, rd, MPI_INT, comm);
  digest(b, sizeof(int) * (size_t)(p * counts[rank]));
  free(rc), free(rd), free(a), free(b), free(d), free(e), free(u), free(w);
  free(counts), free(displs), free(v), free(vr);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, p;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (argc < 2) {
    if (rank == 0) fprintf(stderr, "usage: tune_program DIR\n");
    MPI_Finalize();
    return 2;
  }
  char name[4096];
  snprintf(name, sizeof name, "%s/rank-%d.txt", argv[1], rank);
  out = fopen(name, "w");
  if (out == NULL) MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Datatype pair;
  MPI_Type_contiguous(2, MPI_UNSIGNED, &pair);
  MPI_Type_commit(&pair);
  MPI_Op op;
  MPI_Op_create(affine, 0, &op);
  collectives(MPI_COMM_WORLD, pair, op, 5);
  collectives(MPI_COMM_WORLD, pair, op, 3000);
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, p - rank, &half); /* reversed order */
  collectives(half, pair, op, 37);
  if (p >= 2) { /* the two halves as an intercommunicator: always the library's */
    MPI_Comm inter;
    int half_rank;
    MPI_Comm_rank(half, &half_rank);
    /* Each half's leader (half rank 0) is its largest world rank: the split reversed order. */
    const int even_leader = (p - 1) % 2 == 0 ? p - 1 : p - 2;
    const int odd_leader = (p - 1) % 2 == 1 ? p - 1 : p - 2;
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 == 0 ? odd_leader : even_leader, 99,
                         &inter);
    int x = rank, y = 0;
    MPI_Bcast(&x, 1, MPI_INT, rank % 2 == 1 ? 0 : (half_rank == 0 ? MPI_ROOT : MPI_PROC_NULL),
              inter);
    digest(&x, sizeof x);
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, inter);
    digest(&y, sizeof y);
    MPI_Comm_free(&inter);
  }
  MPI_Comm_free(&half);
  MPI_Op_free(&op);
  MPI_Type_free(&pair);
  fclose(out);
  MPI_Finalize();
  return 0;
}
