/* MPI_THREAD_MULTIPLE as most programs use it: MPI_Init_thread asks for it, worker threads
 * compute, and MPI is called by the main thread only. With "second-thread" as argument, a
 * worker thread also sends a message (the tracer passes that thread's calls through,
 * unrecorded, and counts them; tests/record/check_trace.sh checks that). */
#include "suite.h"

#include <pthread.h>
#include <string.h>

static int with_mpi = 0;
static int world_rank = 0, world_size = 1;

static void* work(void* arg) {
  long* sum = arg;
  for (long i = 0; i < 100000; ++i) *sum += i % 7;
  if (with_mpi && world_size > 1) {
    int token = world_rank;
    if (world_rank == 0) suite_send(&token, 1, MPI_INT, 1, 77, MPI_COMM_WORLD);
    if (world_rank == 1) MPI_Recv(&token, 1, MPI_INT, 0, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  return 0;
}

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  with_mpi = argc > 1 && strcmp(argv[1], "second-thread") == 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  suite_expect(provided == MPI_THREAD_MULTIPLE, "thread level", provided);
  const int next = (world_rank + 1) % world_size, prev = (world_rank + world_size - 1) % world_size;
  for (int round = 0; round < 3; ++round) {
    pthread_t helper;
    long sum = 0;
    pthread_create(&helper, 0, work, &sum);
    int out = 10 * world_rank + round, in = -1;
    MPI_Request r;
    MPI_Irecv(&in, 1, MPI_INT, prev, round, MPI_COMM_WORLD, &r);
    suite_send(&out, 1, MPI_INT, next, round, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    pthread_join(helper, 0);
    suite_expect(in == 10 * prev + round, "ring", in);
    suite_expect(sum > 0, "work", (int)sum);
    with_mpi = 0; /* the second thread calls MPI in the first round only */
  }
  return suite_finish();
}
