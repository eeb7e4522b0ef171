/* A plain C MPI program that knows nothing of collscope, as an engineer writes one: a binomial
 * broadcast from root 2 (MPICH's loop: receive from the parent, then send to v + mask for mask
 * halving), a linear gather to rank 0 (its own block copied with a Sendrecv to itself), a
 * heap-order binary-tree broadcast from rank 0, separated by MPI_Barrier, then MPI_Allreduce. */
#include <mpi.h>
#include <stdio.h>

static void binomial_bcast(int* buf, int n, int root, int rank, int p) {
  const int v = (rank - root + p) % p;
  int mask = 1;
  while (mask < p) {
    if (v & mask) {
      MPI_Recv(buf, n, MPI_INT, (rank - mask + p) % p, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (v + mask < p) MPI_Send(buf, n, MPI_INT, (rank + mask) % p, 1, MPI_COMM_WORLD);
}

static void heap_bcast(int* buf, int n, int rank, int p) {
  if (rank > 0) MPI_Recv(buf, n, MPI_INT, (rank - 1) / 2, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int c = 2 * rank + 1; c <= 2 * rank + 2 && c < p; ++c)
    MPI_Send(buf, n, MPI_INT, c, 3, MPI_COMM_WORLD);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  int data[100];
  for (int i = 0; i < 100; ++i) data[i] = rank == 2 ? i : -1;
  binomial_bcast(data, 100, 2, rank, p);
  MPI_Barrier(MPI_COMM_WORLD);

  int mine[2] = {rank, rank * rank}, all[2 * 64];
  if (rank == 0) {
    MPI_Sendrecv(mine, 2, MPI_INT, 0, 2, all, 2, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int r = 1; r < p && r < 64; ++r)
      MPI_Recv(all + 2 * r, 2, MPI_INT, r, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Send(mine, 2, MPI_INT, 0, 2, MPI_COMM_WORLD);
  }
  MPI_Barrier(MPI_COMM_WORLD);

  heap_bcast(data, 16, rank, p);
  MPI_Barrier(MPI_COMM_WORLD);

  int sum = 0;
  MPI_Allreduce(&data[99], &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("sum %d\n", sum);
  MPI_Finalize();
  return 0;
}
