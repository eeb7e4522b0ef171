/* Persistent point-to-point: a ring exchange with MPI_Send_init / MPI_Ssend_init /
 * MPI_Bsend_init / MPI_Rsend_init and MPI_Recv_init, started ten times each with MPI_Start and
 * MPI_Startall and completed with MPI_Waitall and MPI_Test; requests freed at the end, one of
 * them inactive and never started. */
#include "suite.h"

#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  int bsize = 0;
  MPI_Pack_size(4, MPI_INT, MPI_COMM_WORLD, &bsize);
  bsize += MPI_BSEND_OVERHEAD;
  bsize *= 2;
  void* attached = malloc((size_t)bsize);
  MPI_Buffer_attach(attached, bsize);

  int out[4] = {0}, in[4] = {0};
  MPI_Request r[2], unused;
  MPI_Recv_init(&unused, 1, MPI_INT, prev, 99, MPI_COMM_WORLD, &unused); /* never started */
  for (int mode = 0; mode < 4; ++mode) {
    const int tag = 10 + mode;
    MPI_Recv_init(in, 4, MPI_INT, prev, tag, MPI_COMM_WORLD, &r[0]);
    if (mode == 0) MPI_Send_init(out, 4, MPI_INT, next, tag, MPI_COMM_WORLD, &r[1]);
    if (mode == 1) MPI_Ssend_init(out, 4, MPI_INT, next, tag, MPI_COMM_WORLD, &r[1]);
    if (mode == 2) MPI_Bsend_init(out, 4, MPI_INT, next, tag, MPI_COMM_WORLD, &r[1]);
    if (mode == 3) MPI_Rsend_init(out, 4, MPI_INT, next, tag, MPI_COMM_WORLD, &r[1]);
    for (int round = 0; round < 10; ++round) {
      for (int i = 0; i < 4; ++i) out[i] = 1000 * rank + 100 * mode + round;
      if (mode == 3) {
        /* a ready send needs the receive posted: start it, then agree, then send */
        MPI_Start(&r[0]);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Start(&r[1]);
        int done = 0;
        while (!done) MPI_Test(&r[1], &done, MPI_STATUS_IGNORE);
        MPI_Wait(&r[0], MPI_STATUS_IGNORE);
      } else {
        MPI_Startall(2, r);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
      }
      suite_count(4, MPI_INT);
      suite_expect(in[0] == 1000 * prev + 100 * mode + round && in[3] == in[0], "ring value",
                   in[0]);
    }
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
  }
  MPI_Request_free(&unused);
  MPI_Buffer_detach(&attached, &bsize);
  free(attached);
  return suite_finish();
}
