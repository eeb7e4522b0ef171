/* Runs out of annotation-string memory on purpose (COLLSCOPE_TRACE_STRING_LIMIT small): rank
 * 0 opens regions with ever new names until the tracer stops recording, pauses, resumes, and
 * then sends a message with tag 555. The trace must say where recording stopped and never
 * start again: no tag 555 in it, a MeasurementOnOff OFF on rank 0, and the run reported
 * incomplete. Without the tracer (or with enough memory) the program behaves the same. */
#include <collscope/annotate.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int token = rank;
  MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0 && collscope_trace_region_begin != 0) {
    char name[64];
    for (int i = 0; i < 200 && collscope_trace_active(); ++i) {
      snprintf(name, sizeof name, "phase %d with a long enough name", i);
      collscope_trace_region_begin(name);
      collscope_trace_region_end(name);
    }
    printf("recording stopped: %s\n", collscope_trace_active() ? "no" : "yes");
    collscope_trace_pause();
    collscope_trace_resume();
    printf("recording after resume: %s\n", collscope_trace_active() ? "yes" : "no");
  }
  if (size > 1) {
    if (rank == 0) MPI_Send(&token, 1, MPI_INT, 1, 555, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(&token, 1, MPI_INT, 0, 555, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
