// Test submission: every rank first receives from its neighbour, which is receiving too.
// Deadlocks for every p ≥ 2, in the normal run already.
#include <mpi.h>

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (p > 1) {
    int token = 0;
    MPI_Recv(&token, 1, MPI_INT, (rank + 1) % p, 0, comm, MPI_STATUS_IGNORE);
    MPI_Send(&token, 1, MPI_INT, (rank + 1) % p, 0, comm);
  }
  if (rank == root)
    MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, 1, recvbuf, recvcount, recvtype, rank, 1, comm,
                 MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}
