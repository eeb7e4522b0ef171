// Broken on purpose (breaks: rounds): the root sends every block itself, one after the
// other: p − 1 rounds. Correct, no extra memory, (p − 1) blocks from the root.
#include <mpi.h>

int MY_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (rank != root) return MPI_Recv(recvbuf, recvcount, recvtype, root, 0, comm, MPI_STATUS_IGNORE);
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(sendtype, &lb, &extent);
  const char* in = static_cast<const char*>(sendbuf);
  for (int r = 0; r < size; ++r) {
    const char* block = in + static_cast<MPI_Aint>(r) * sendcount * extent;
    if (r == root)
      MPI_Sendrecv(block, sendcount, sendtype, rank, 0, recvbuf, recvcount, recvtype, rank, 0, comm,
                   MPI_STATUS_IGNORE);
    else
      MPI_Send(block, sendcount, sendtype, r, 0, comm);
  }
  return MPI_SUCCESS;
}
