// Broken on purpose (breaks: no_collectives): hands the work to the very collective the
// exercise asks for. Correct, fast, and worth nothing for "point-to-point only".
#include <mpi.h>

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
