/* A plain MPI program that knows nothing of collscope: four steps separated by MPI_Barrier, as
 * an engineer would write them by hand. The trace test (test_calls_cli.cpp) expects
 * collscope-trace calls to find each step as one call and to say what it resembles.
 *   1. a binomial-tree broadcast from root 2, with MPI_Send/MPI_Recv (⌈log2 p⌉ rounds);
 *   2. a linear gather to root 0: the root copies its own block with an MPI_Sendrecv to
 *      itself (a message to oneself: no round, counted apart), then receives from every rank in
 *      turn (p − 1 rounds);
 *   3. a ring shift with MPI_Sendrecv (one round);
 *   4. an MPI_Allreduce of the ring's values.
 * Prints what each rank ends with, so that a wrong exchange shows. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { count = 4, bcast_root = 2, gather_root = 0 };

/* The lecture's binomial tree: in round k, every rank v < 2^k (relative to the root) that has
 * the data sends it to v + 2^k. */
static void binomial_bcast(int* data, int rank, int p, int root) {
  const int v = (rank - root + p) % p;
  int d = 1, parent_distance = 0;
  while (v >= d) {
    parent_distance = d;
    d <<= 1;
  }
  if (v != 0)
    MPI_Recv(data, count, MPI_INT, (v - parent_distance + root) % p, 0, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
  for (; v + d < p; d <<= 1) MPI_Send(data, count, MPI_INT, (v + d + root) % p, 0, MPI_COMM_WORLD);
}

static void linear_gather(const int* mine, int* all, int rank, int p, int root) {
  if (rank != root) {
    MPI_Send(mine, count, MPI_INT, root, 1, MPI_COMM_WORLD);
    return;
  }
  MPI_Sendrecv(mine, count, MPI_INT, root, 1, all + root * count, count, MPI_INT, root, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int from = 0; from < p; ++from)
    if (from != root)
      MPI_Recv(all + from * count, count, MPI_INT, from, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  const int root = bcast_root % p;

  int data[count] = {0};
  if (rank == root)
    for (int i = 0; i < count; ++i) data[i] = 100 + i;
  binomial_bcast(data, rank, p, root);
  MPI_Barrier(MPI_COMM_WORLD);

  int mine[count];
  for (int i = 0; i < count; ++i) mine[i] = data[i] + rank;
  int* all = rank == gather_root ? malloc(sizeof(int) * count * (size_t)p) : NULL;
  linear_gather(mine, all, rank, p, gather_root);
  MPI_Barrier(MPI_COMM_WORLD);

  int left = 0;
  MPI_Sendrecv(&rank, 1, MPI_INT, (rank + 1) % p, 2, &left, 1, MPI_INT, (rank + p - 1) % p, 2,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);

  int sum = 0;
  MPI_Allreduce(&left, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

  if (rank == gather_root) {
    int gathered = 0;
    for (int i = 0; i < count * p; ++i) gathered += all[i];
    printf("bcast %d %d %d %d, gathered sum %d, ring sum %d\n", data[0], data[1], data[2], data[3],
           gathered, sum);
  }
  free(all);
  MPI_Finalize();
  return 0;
}
