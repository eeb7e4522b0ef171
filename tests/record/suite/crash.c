/* A run that dies half way: STEPS ring exchanges (every rank sends its step number to the
 * next rank and receives from the previous one), and at step STEPS/2 the last rank either
 * raises SIGSEGV ("segv", the default) or calls MPI_Abort ("abort"); with "recv" ("kill") it
 * first receives one more message (tag 9999, from rank 0) and raises SIGSEGV (SIGKILL) as
 * soon as MPI_Recv returns, with no MPI call in between. Rank 0 prints, before the crash, how many
 * steps every rank completed and how many messages those steps sent, so a test can hold the trace
 * of the run that died against it:
 *   crash [segv|abort|recv|kill] [STEPS]                               (STEPS even, >= 2) */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int abort_run = argc > 1 && strcmp(argv[1], "abort") == 0;
  const int killed = argc > 1 && strcmp(argv[1], "kill") == 0;
  const int last_recv = killed || (argc > 1 && strcmp(argv[1], "recv") == 0);
  const int steps = argc > 2 ? atoi(argv[2]) : 400;
  const int dies_at = steps / 2;
  const int next = (rank + 1) % size, previous = (rank + size - 1) % size;

  for (int step = 0; step < steps; ++step) {
    if (step == dies_at) {
      /* Everyone is here (the barrier), so the first half is whole on every rank. */
      MPI_Barrier(MPI_COMM_WORLD);
      if (rank == 0) {
        printf("steps completed: %d\nmessages sent: %lld\n", dies_at, (long long)dies_at * size);
        fflush(stdout);
      }
      MPI_Barrier(MPI_COMM_WORLD);
      if (last_recv && rank == 0) {
        const int last = 1;
        MPI_Send(&last, 1, MPI_INT, size - 1, 9999, MPI_COMM_WORLD);
      }
      if (rank == size - 1) {
        int last = 0;
        if (last_recv) MPI_Recv(&last, 1, MPI_INT, 0, 9999, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (abort_run) MPI_Abort(MPI_COMM_WORLD, 3);
        raise(killed ? SIGKILL : SIGSEGV);
      }
    }
    int in = -1;
    MPI_Sendrecv(&step, 1, MPI_INT, next, step, &in, 1, MPI_INT, previous, step, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    if (in != step) {
      fprintf(stderr, "rank %d: step %d received %d\n", rank, step, in);
      return 1;
    }
  }
  printf("unreachable: no rank died\n");
  MPI_Finalize();
  return 0;
}
