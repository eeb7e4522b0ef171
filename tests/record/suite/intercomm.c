/* Intercommunicators made every way MPI makes them, with traffic on each: MPI_Intercomm_create
 * from two halves of MPI_COMM_WORLD, MPI_Comm_dup, MPI_Comm_idup and MPI_Comm_split of it,
 * collectives across it (root groups with MPI_ROOT / MPI_PROC_NULL), MPI_Intercomm_merge
 * back into an intracommunicator. Untraced and traced runs must print the same. */
#include "suite.h"

/* Every rank of the low group sends to remote rank (r mod remote size), which receives from
 * each sender; the reply goes back, so each pair exchanges two messages. */
static void ping_pong(MPI_Comm inter, int low, int tag) {
  int rank = 0, size = 0, remote = 0;
  MPI_Comm_rank(inter, &rank);
  MPI_Comm_size(inter, &size);
  MPI_Comm_remote_size(inter, &remote);
  int value = rank + 1000 * tag;
  if (low) {
    suite_send(&value, 1, MPI_INT, rank % remote, tag, inter);
    MPI_Recv(&value, 1, MPI_INT, rank % remote, tag, inter, MPI_STATUS_IGNORE);
    suite_expect(value == rank + 1000 * tag + 1, "reply", value);
  } else {
    for (int from = 0; from < remote; ++from) {
      if (from % size != rank) continue;
      MPI_Status status;
      MPI_Recv(&value, 1, MPI_INT, from, tag, inter, &status);
      suite_expect(status.MPI_SOURCE == from, "source", status.MPI_SOURCE);
      value += 1;
      suite_send(&value, 1, MPI_INT, from, tag, inter);
    }
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int wrank = 0, wsize = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  if (wsize < 2) {
    printf("needs 2 processes\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  const int low = wrank < wsize / 2 + wsize % 2; /* the larger half at 7 */
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, low, wrank, &half);
  const int remote_leader = low ? wsize / 2 + wsize % 2 : 0;
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, remote_leader, 17, &inter);
  ping_pong(inter, low, 1);

  MPI_Comm dup, idup, split;
  MPI_Comm_dup(inter, &dup);
  ping_pong(dup, low, 2);
  MPI_Request request;
  MPI_Comm_idup(inter, &idup, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  ping_pong(idup, low, 3);

  int rank = 0;
  MPI_Comm_rank(inter, &rank);
  MPI_Comm_split(inter, rank % 2, rank, &split); /* even and odd ranks of both groups */
  if (split != MPI_COMM_NULL) {
    ping_pong(split, low, 4);
    MPI_Comm_free(&split);
  }

  /* Broadcast from the low group's rank 0 to the high group, then gather back. */
  int value = low && rank == 0 ? 42 : -1;
  const int root = low ? (rank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
  MPI_Bcast(&value, 1, MPI_INT, root, inter);
  if (!low) suite_expect(value == 42, "intercomm bcast", value);
  int sum = 0, one = 1;
  MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, inter);
  int remote = 0;
  MPI_Comm_remote_size(inter, &remote);
  suite_expect(sum == remote, "intercomm allreduce", sum);

  MPI_Comm merged;
  MPI_Intercomm_merge(inter, !low, &merged);
  int mrank = 0, msize = 0;
  MPI_Comm_rank(merged, &mrank);
  MPI_Comm_size(merged, &msize);
  suite_expect(msize == wsize, "merged size", msize);
  int token = mrank;
  if (mrank > 0) {
    MPI_Recv(&token, 1, MPI_INT, mrank - 1, 5, merged, MPI_STATUS_IGNORE);
    suite_expect(token == mrank - 1, "ring token", token);
  }
  token = mrank;
  if (mrank + 1 < msize) suite_send(&token, 1, MPI_INT, mrank + 1, 5, merged);

  MPI_Comm_free(&merged);
  MPI_Comm_free(&idup);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  return suite_finish();
}
