// Test submission: compiles, but MY_Gather takes a non-const send buffer, so it is not the
// function the exercise asks for and the link fails.
#include <mpi.h>

int MY_Gather(void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
              MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
