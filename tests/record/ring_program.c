/* A plain MPI program that knows nothing about the tracer: the record tests run it with and
 * without LD_PRELOAD=libcollscope-trace.so and compare.
 *
 * Every message's tag is 100 * phase + the sender's rank in the communicator it travels on,
 * so a checker can verify the sender of every receive record from the tag alone. Rank 0
 * prints deterministic results and the number of messages sent, nothing else. */
#include <mpi.h>
#include <stdio.h>

static int sent = 0; /* messages this rank sent */

static int tag_of(int phase, MPI_Comm comm) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  return 100 * phase + rank;
}

/* A token travels 0 -> 1 -> ... -> p-1 -> 0, each rank adding its rank. */
static int ring(int rank, int size) {
  int token = 0;
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  if (rank == 0) {
    MPI_Status status;
    MPI_Send(&token, 1, MPI_INT, right, tag_of(1, MPI_COMM_WORLD), MPI_COMM_WORLD);
    /* any source, but the ring's tag: a neighbour may already have started the exchange */
    MPI_Recv(&token, 1, MPI_INT, MPI_ANY_SOURCE, 100 + left, MPI_COMM_WORLD, &status);
    if (status.MPI_SOURCE != left) token = -1;
  } else {
    MPI_Recv(&token, 1, MPI_INT, left, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    token += rank;
    MPI_Ssend(&token, 1, MPI_INT, right, tag_of(1, MPI_COMM_WORLD), MPI_COMM_WORLD);
  }
  ++sent;
  return token;
}

/* Nonblocking exchange with both neighbours; one receive matches any source. */
static long exchange(int rank, int size) {
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  long out[2] = {10L * rank, 10L * rank + 1}, in[2] = {0, 0};
  MPI_Request requests[4];
  MPI_Irecv(&in[0], 1, MPI_LONG, left, tag_of(2, MPI_COMM_WORLD) - rank + left, MPI_COMM_WORLD,
            &requests[0]);
  MPI_Irecv(&in[1], 1, MPI_LONG, MPI_ANY_SOURCE, 300 + right, MPI_COMM_WORLD, &requests[1]);
  MPI_Isend(&out[0], 1, MPI_LONG, right, tag_of(2, MPI_COMM_WORLD), MPI_COMM_WORLD, &requests[2]);
  MPI_Issend(&out[1], 1, MPI_LONG, left, tag_of(3, MPI_COMM_WORLD), MPI_COMM_WORLD, &requests[3]);
  MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
  sent += 2;
  return in[0] + in[1];
}

/* Every rank passes a value one to the right with MPI_Sendrecv. */
static int shift(int rank, int size) {
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int out = rank * rank, in = -1;
  MPI_Status status;
  MPI_Sendrecv(&out, 1, MPI_INT, right, tag_of(4, MPI_COMM_WORLD), &in, 1, MPI_INT, left,
               MPI_ANY_TAG, MPI_COMM_WORLD, &status);
  ++sent;
  return status.MPI_SOURCE == left ? in : -1;
}

/* Even and odd ranks form sub-communicators; their rank 0 sends to their rank 1. */
static int split_message(int rank) {
  MPI_Comm half;
  int sub_rank, sub_size, value = -1;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Comm_rank(half, &sub_rank);
  MPI_Comm_size(half, &sub_size);
  if (sub_size > 1 && sub_rank == 0) {
    value = 1000 + rank;
    MPI_Send(&value, 1, MPI_INT, 1, tag_of(5, half), half);
    ++sent;
  } else if (sub_size > 1 && sub_rank == 1) {
    MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, half, MPI_STATUS_IGNORE);
  }
  MPI_Comm_free(&half);
  return value;
}

int main(int argc, char** argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  const int token = ring(rank, size);
  const long exchanged = exchange(rank, size);
  const int shifted = shift(rank, size);
  const int from_split = split_message(rank);

  int seed = rank == 0 ? 42 : 0;
  MPI_Bcast(&seed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  int mine[4] = {rank, (int)exchanged, shifted, from_split + seed}, all[4 * 64];
  MPI_Gather(mine, 4, MPI_INT, all, 4, MPI_INT, 0, MPI_COMM_WORLD);
  int total_sent = 0;
  MPI_Reduce(&sent, &total_sent, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);

  if (rank == 0) {
    printf("ring token: %d\n", token);
    for (int r = 0; r < size && r < 64; ++r)
      printf("rank %d: exchanged %d shifted %d split %d\n", all[4 * r], all[4 * r + 1],
             all[4 * r + 2], all[4 * r + 3]);
    printf("messages sent: %d\n", total_sent);
  }
  MPI_Finalize();
  return 0;
}
