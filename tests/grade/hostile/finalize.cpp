// Finalizes MPI inside the collective.
#include <mpi.h>

int MY_Gather(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int, MPI_Comm) {
  return MPI_Finalize();
}
