/* Every completion call completes many small nonblocking operations at once: rank 0 posts 9
 * MPI_Isend (each completes at once; Open MPI hands all of them the same request handle) and
 * completes them with one of Wait, Waitall, Waitany, Waitsome, Test, Testall, Testany,
 * Testsome; rank 1 posts 9 MPI_Irecv and completes them with the same call. Rank 0 prints how
 * many sends and receives were completed by each call, which the trace must show. */
#include <mpi.h>
#include <stdio.h>

enum { n = 9, calls = 8 };

static void complete(int call, MPI_Request* r) {
  int done = 0, flag = 0, index = 0, out = 0, indices[n];
  switch (call) {
  case 0:
    for (int i = 0; i < n; ++i) MPI_Wait(&r[i], MPI_STATUS_IGNORE);
    break;
  case 1: MPI_Waitall(n, r, MPI_STATUSES_IGNORE); break;
  case 2:
    for (int i = 0; i < n; ++i) MPI_Waitany(n, r, &index, MPI_STATUS_IGNORE);
    break;
  case 3:
    while (done < n) {
      MPI_Waitsome(n, r, &out, indices, MPI_STATUSES_IGNORE);
      done += out;
    }
    break;
  case 4:
    for (int i = 0; i < n; ++i)
      for (flag = 0; !flag;) MPI_Test(&r[i], &flag, MPI_STATUS_IGNORE);
    break;
  case 5:
    for (flag = 0; !flag;) MPI_Testall(n, r, &flag, MPI_STATUSES_IGNORE);
    break;
  case 6:
    while (done < n) {
      MPI_Testany(n, r, &index, &flag, MPI_STATUS_IGNORE);
      if (flag && index != MPI_UNDEFINED) ++done;
    }
    break;
  default:
    while (done < n) {
      MPI_Testsome(n, r, &out, indices, MPI_STATUSES_IGNORE);
      if (out != MPI_UNDEFINED) done += out;
    }
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  int values[n];
  MPI_Request r[n];
  for (int call = 0; call < calls; ++call) {
    for (int i = 0; i < n; ++i) {
      values[i] = 100 * call + i;
      if (rank == 0) MPI_Isend(&values[i], 1, MPI_INT, 1, 100 * call + i, MPI_COMM_WORLD, &r[i]);
      if (rank == 1) MPI_Irecv(&values[i], 1, MPI_INT, 0, 100 * call + i, MPI_COMM_WORLD, &r[i]);
    }
    if (rank <= 1) complete(call, r);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0) printf("send completions %d\nreceive completions %d\n", n * calls, n * calls);
  MPI_Finalize();
  return 0;
}
