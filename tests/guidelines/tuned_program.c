/* A plain MPI program that knows nothing of collscope: MPI_Bcast, MPI_Allreduce, MPI_Reduce
 * and MPI_Allgather of MPI_INT at the sizes (bytes) given on the command line, each result
 * checked against what MPI defines. Run under libcollscope-tune with the profiles
 * collscope-guidelines wrote, it must still be right. Rank 0 prints one line; exit 1 if any
 * rank saw a wrong element. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1, wrong = 0, calls = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  for (int a = 1; a < argc; ++a) {
    const int n = atoi(argv[a]) / (int)sizeof(int);
    int* v = malloc(sizeof(int) * (size_t)n * (size_t)p);
    int* w = malloc(sizeof(int) * (size_t)n * (size_t)p);
    for (int i = 0; i < n; ++i) v[i] = rank == 0 ? 7 * i + 1 : -1;
    MPI_Bcast(v, n, MPI_INT, 0, MPI_COMM_WORLD);
    for (int i = 0; i < n; ++i) wrong += v[i] != 7 * i + 1;
    for (int i = 0; i < n; ++i) v[i] = rank + i;
    MPI_Allreduce(v, w, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < n; ++i) wrong += w[i] != p * (p - 1) / 2 + p * i;
    MPI_Reduce(v, w, n, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    for (int i = 0; rank == 0 && i < n; ++i) wrong += w[i] != p * (p - 1) / 2 + p * i;
    MPI_Allgather(v, n, MPI_INT, w, n, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < p; ++r)
      for (int i = 0; i < n; ++i) wrong += w[r * n + i] != r + i;
    calls += 4;
    free(v);
    free(w);
  }
  int all = 0;
  MPI_Reduce(&wrong, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("tuned_program: %d collective calls per rank, %d wrong elements\n", calls, all);
  MPI_Bcast(&all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}
