/* An engineer's program, knowing nothing of collscope: per size (bytes) on the command line, one
 * MPI_Bcast of doubles from rank 0 and one MPI_Allreduce (MPI_DOUBLE, MPI_SUM), each result
 * checked exactly (small integers, so every order of additions gives the same bits). Built with
 * Open MPI's mpicc or MPICH's mpicc.mpich alike. Rank 0 prints one line; exit 1 if any rank saw
 * a wrong element.
 *   double_program BYTES... */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1, wrong = 0, calls = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  for (int a = 1; a < argc; ++a) {
    const int n = atoi(argv[a]) / (int)sizeof(double);
    double* v = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    double* w = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; ++i) v[i] = rank == 0 ? (double)(i % 11) : -1.0;
    MPI_Bcast(v, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (int i = 0; i < n; ++i) wrong += v[i] != (double)(i % 11);
    for (int i = 0; i < n; ++i) v[i] = rank + i % 7;
    MPI_Allreduce(v, w, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < n; ++i) wrong += w[i] != p * (p - 1) / 2 + p * (i % 7);
    calls += 2;
    free(v);
    free(w);
  }
  int all = 0;
  MPI_Allreduce(&wrong, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("double_program: %d calls per rank, %d wrong elements\n", calls, all);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}
