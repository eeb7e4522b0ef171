/* One MPI_Bcast of COUNT ints from ROOT (MPICH's algorithms compared by what they send);
 * every rank checks what it received and the run fails if any rank got a wrong value.
 *   bcast_program COUNT ROOT */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  const int count = argc > 1 ? atoi(argv[1]) : 1000, root = argc > 2 ? atoi(argv[2]) % p : 0;
  int* data = malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
  for (int i = 0; i < count; ++i) data[i] = rank == root ? 5 * i + 3 : -1;
  MPI_Bcast(data, count, MPI_INT, root, MPI_COMM_WORLD);
  int wrong = 0, any = 0;
  for (int i = 0; i < count; ++i) wrong += data[i] != 5 * i + 3;
  MPI_Reduce(&wrong, &any, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("bcast of %d ints from %d at p = %d: %s\n", count, root, p, any ? "WRONG" : "ok");
  free(data);
  MPI_Finalize();
  return any != 0;
}
