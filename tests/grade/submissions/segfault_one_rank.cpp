// Test submission: rank 1 dereferences a null pointer; every other rank waits for it.
#include <mpi.h>

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 1) {
    volatile int* nowhere = nullptr;
    *nowhere = 42;
  }
  return MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
