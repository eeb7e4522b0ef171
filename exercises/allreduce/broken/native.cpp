// Broken on purpose (breaks: no_collectives): calls the collective it should implement.
#include <mpi.h>

int MY_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm) {
  return MPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}
