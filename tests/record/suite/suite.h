/* Shared by the regression programs (in the style of the MPICH test suite): every point-to-
 * point message a program sends goes through send(), which counts it, and finish() prints
 * what the trace must hold ("messages sent: N", "bytes sent: B") and "No Errors" on rank 0,
 * or the number of errors, and returns the exit status. */
#ifndef COLLSCOPE_SUITE_H
#define COLLSCOPE_SUITE_H

#include <mpi.h>
#include <stdio.h>

static long long suite_messages = 0;
static long long suite_bytes = 0;
static int suite_errors = 0;
static long long suite_collectives = -1; /* -1: the program does not count them */
static const char* suite_call_names[16];
static long long suite_call_counts[16];
static int suite_n_calls = 0;

/* One more collective call (blocking, or nonblocking and completed) on this rank. */
static inline void suite_collective(void) {
  suite_collectives += suite_collectives < 0 ? 2 : 1;
}

/* One more call of the MPI function name (which must be a string literal). */
static inline void suite_call(const char* name) {
  int i = 0;
  while (i < suite_n_calls && suite_call_names[i] != name) ++i;
  if (i == suite_n_calls && suite_n_calls < 16) suite_call_names[suite_n_calls++] = name;
  if (i < 16) suite_call_counts[i] += 1;
}

static inline void suite_count(int count, MPI_Datatype type) {
  int size = 0;
  MPI_Type_size(type, &size);
  suite_messages += 1;
  suite_bytes += (long long)count * size;
}

/* A blocking standard send that the suite counts. */
static inline void suite_send(const void* buf, int count, MPI_Datatype type, int dest, int tag,
                              MPI_Comm comm) {
  MPI_Send(buf, count, type, dest, tag, comm);
  suite_count(count, type);
}

static inline void suite_expect(int ok, const char* what, int value) {
  if (ok) return;
  suite_errors += 1;
  if (suite_errors < 10) fprintf(stderr, "error: %s (got %d)\n", what, value);
}

static inline int suite_finish(void) {
  long long mine[3] = {suite_messages, suite_bytes, suite_errors};
  long long all[3] = {0, 0, 0};
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Reduce(mine, all, 3, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  long long collectives = 0;
  MPI_Reduce(&suite_collectives, &collectives, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  long long calls[16] = {0};
  MPI_Reduce(suite_call_counts, calls, 16, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("messages sent: %lld\nbytes sent: %lld\n", all[0], all[1]);
    /* + the two MPI_Reduce above and the one before them on every rank */
    if (suite_collectives >= 0) {
      int size = 0;
      MPI_Comm_size(MPI_COMM_WORLD, &size);
      printf("collectives: %lld\n", collectives + 3LL * size);
    }
    for (int i = 0; i < suite_n_calls; ++i)
      printf("calls %s: %lld\n", suite_call_names[i], calls[i]);
    if (all[2] == 0)
      printf(" No Errors\n");
    else
      printf(" Found %lld errors\n", all[2]);
  }
  MPI_Finalize();
  return 0;
}

#endif
