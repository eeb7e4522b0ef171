/* A plain MPI program for the MPICH tests: a ring of point-to-point messages (what the tracer
 * records under any MPI), then a broadcast and an allreduce (MPICH's own collectives, or
 * collscope's under libcollscope-tune). Rank 0 prints the results, so runs can be compared.
 *   mpich_program [COUNT]   COUNT ints broadcast and reduced (default 1000) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  const int count = argc > 1 ? atoi(argv[1]) : 1000;
  int token = rank;
  MPI_Sendrecv_replace(&token, 1, MPI_INT, (rank + 1) % p, 7, (rank + p - 1) % p, 7, MPI_COMM_WORLD,
                       MPI_STATUS_IGNORE);
  int* data = malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
  for (int i = 0; i < count; ++i) data[i] = rank == 1 % p ? 3 * i + 1 : -1;
  MPI_Bcast(data, count, MPI_INT, 1 % p, MPI_COMM_WORLD);
  long long bsum = 0;
  for (int i = 0; i < count; ++i) bsum += data[i];
  for (int i = 0; i < count; ++i) data[i] = rank + i;
  MPI_Allreduce(MPI_IN_PLACE, data, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  long long asum = 0;
  for (int i = 0; i < count; ++i) asum += data[i];
  long long all[2] = {bsum, asum}, min[2];
  MPI_Reduce(all, min, 2, MPI_LONG_LONG, MPI_MIN, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("token %d bcast-sum %lld allreduce-sum %lld (every rank's minimum)\n", token, min[0],
           min[1]);
  free(data);
  MPI_Finalize();
  return 0;
}
