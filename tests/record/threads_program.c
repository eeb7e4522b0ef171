/* Thread levels and exit status under the tracer (tests/record/check_threads.sh).
 * usage: threads_program LEVEL MODE    (2 ranks or more)
 *   LEVEL  single | funneled | serialized | multiple: asked of MPI_Init_thread. The program
 *          fails (exit 1) unless both `provided` and MPI_Query_thread are that level: a tracer
 *          that lowers the level breaks it.
 *   MODE   main    every MPI call on the main thread: a ring, an allreduce
 *          worker  a second thread (joined before the main thread calls MPI again, so it is
 *                  valid under MPI_THREAD_SERIALIZED too) makes the point-to-point calls: on
 *                  rank 0 it sends tag 5 and tag 6 to rank 1, on rank 1 it receives tag 5;
 *                  rank 1's main thread receives tag 6. Other threads' calls: rank 0 2, rank 1 1.
 *          exit3   as main, then returns 3 after MPI_Finalize
 * Prints, on rank 0, the level it got and "messages sent: N" (point-to-point, all ranks). */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int rank = 0, size = 1;
static int sent = 0, received_ok = 1;

static void* worker(void* arg) {
  (void)arg;
  int token = 42;
  if (rank == 0) {
    MPI_Send(&token, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
    MPI_Send(&token, 1, MPI_INT, 1, 6, MPI_COMM_WORLD);
    sent += 2;
  } else if (rank == 1) {
    token = 0;
    MPI_Recv(&token, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    received_ok = received_ok && token == 42;
  }
  return 0;
}

static const char* level_name(int level) {
  switch (level) {
  case MPI_THREAD_SINGLE:
    return "MPI_THREAD_SINGLE";
  case MPI_THREAD_FUNNELED:
    return "MPI_THREAD_FUNNELED";
  case MPI_THREAD_SERIALIZED:
    return "MPI_THREAD_SERIALIZED";
  case MPI_THREAD_MULTIPLE:
    return "MPI_THREAD_MULTIPLE";
  default:
    return "an unknown level";
  }
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr,
            "usage: threads_program single|funneled|serialized|multiple main|worker|exit3\n");
    return 2;
  }
  const char* names[] = {"single", "funneled", "serialized", "multiple"};
  const int levels[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                        MPI_THREAD_MULTIPLE};
  int required = -1;
  for (int i = 0; i < 4; ++i)
    if (strcmp(argv[1], names[i]) == 0) required = levels[i];
  const char* mode = argv[2];
  if (required < 0) return 2;
  int provided = -1, queried = -1;
  MPI_Init_thread(&argc, &argv, required, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Query_thread(&queried);
  int bad = provided != required || queried != required;
  if (bad)
    fprintf(stderr, "rank %d: asked for %s, provided %s, MPI_Query_thread %s\n", rank,
            level_name(required), level_name(provided), level_name(queried));

  if (strcmp(mode, "worker") == 0) {
    pthread_t helper;
    pthread_create(&helper, 0, worker, 0);
    pthread_join(helper, 0);
    if (rank == 1) {
      int token = 0;
      MPI_Recv(&token, 1, MPI_INT, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      received_ok = received_ok && token == 42;
    }
  } else {
    const int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    int out = rank, in = -1;
    MPI_Sendrecv(&out, 1, MPI_INT, next, 1, &in, 1, MPI_INT, prev, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    sent += 1;
    received_ok = received_ok && in == prev;
  }
  int sum = 0, one = 1;
  MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  bad = bad || !received_ok || sum != size;
  /* Query again: the tracer's work at MPI_Init and in the calls since must not change it. */
  MPI_Query_thread(&queried);
  bad = bad || queried != required;
  int mine[2] = {bad, sent}, all[2] = {0, 0};
  MPI_Reduce(mine, all, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("thread level %s\n", level_name(queried));
    printf("messages sent: %d\n", all[1]);
    printf("%s\n", all[0] == 0 ? "No Errors" : "Errors");
  }
  MPI_Bcast(all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  if (all[0] != 0) return 1;
  return strcmp(mode, "exit3") == 0 ? 3 : 0;
}
