// Broken on purpose (breaks: no_collectives): calls the collective it should implement.
#include <mpi.h>

int MY_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  return MPI_Bcast(buffer, count, datatype, root, comm);
}
