// Broken on purpose (breaks: rounds): the root receives the blocks one after the other,
// p − 1 rounds instead of ⌈log₂p⌉. Correct, no extra memory, (p − 1) blocks through the
// root like any gather.
#include <mpi.h>

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (rank != root) return MPI_Send(sendbuf, sendcount, sendtype, root, 0, comm);
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(recvtype, &lb, &extent);
  char* out = static_cast<char*>(recvbuf);
  for (int r = 0; r < size; ++r) {
    char* slot = out + static_cast<MPI_Aint>(r) * recvcount * extent;
    if (r == root)
      MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, 0, slot, recvcount, recvtype, rank, 0, comm,
                   MPI_STATUS_IGNORE);
    else
      MPI_Recv(slot, recvcount, recvtype, r, 0, comm, MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
