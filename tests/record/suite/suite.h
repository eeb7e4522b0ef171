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

static void suite_count(int count, MPI_Datatype type) {
  int size = 0;
  MPI_Type_size(type, &size);
  suite_messages += 1;
  suite_bytes += (long long)count * size;
}

/* A blocking standard send that the suite counts. */
static void suite_send(const void* buf, int count, MPI_Datatype type, int dest, int tag,
                       MPI_Comm comm) {
  MPI_Send(buf, count, type, dest, tag, comm);
  suite_count(count, type);
}

static void suite_expect(int ok, const char* what, int value) {
  if (ok) return;
  suite_errors += 1;
  if (suite_errors < 10) fprintf(stderr, "error: %s (got %d)\n", what, value);
}

static int suite_finish(void) {
  long long mine[3] = {suite_messages, suite_bytes, suite_errors};
  long long all[3] = {0, 0, 0};
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Reduce(mine, all, 3, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("messages sent: %lld\nbytes sent: %lld\n", all[0], all[1]);
    if (all[2] == 0)
      printf(" No Errors\n");
    else
      printf(" Found %lld errors\n", all[2]);
  }
  MPI_Finalize();
  return 0;
}

#endif
