/* A plain C MPI program that knows nothing of collscope: each rank sends its right neighbour
 * a greeting, rank 0 collects one number from everyone, and every rank prints what it got;
 * two reductions (MPI_MAX blocking, MPI_SUM nonblocking) whose ops the trace must name.
 * Its output must be the same traced and untraced; rank 0 prints how many messages the
 * program sent in all, which the trace must show. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);

  int greeting = 100 + rank, got = -1;
  MPI_Sendrecv(&greeting, 1, MPI_INT, (rank + 1) % p, 1, &got, 1, MPI_INT, (rank + p - 1) % p, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);

  int square = rank * rank, sum = 0;
  if (rank == 0) {
    sum = square;
    for (int r = 1; r < p; ++r) {
      int value = 0;
      MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      sum += value;
    }
  } else {
    MPI_Send(&square, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
  }

  int all[64] = {0};
  MPI_Gather(&got, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  int highest = -1, total = -1;
  MPI_Allreduce(&rank, &highest, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Request request;
  MPI_Iallreduce(&rank, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  if (rank == 0) {
    printf("highest rank %d, sum of ranks %d\n", highest, total);
    printf("sum of squares %d\n", sum);
    for (int r = 0; r < p && r < 64; ++r) printf("rank %d got %d\n", r, all[r]);
    printf("point-to-point messages %d\n", p + (p - 1));
  }
  MPI_Finalize();
  return 0;
}
