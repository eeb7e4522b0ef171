// A linear gather through PMPI_Send/PMPI_Recv: p − 1 rounds, invisible to the trace.
#include <mpi.h>

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0, size = 1;
  PMPI_Comm_rank(comm, &rank);
  PMPI_Comm_size(comm, &size);
  if (rank != root) return PMPI_Send(sendbuf, sendcount, sendtype, root, 0, comm);
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_get_extent(recvtype, &lb, &extent);
  for (int i = 0; i < size; ++i) {
    char* slot = static_cast<char*>(recvbuf) + i * recvcount * extent;
    if (i == root)
      PMPI_Sendrecv(sendbuf, sendcount, sendtype, rank, 1, slot, recvcount, recvtype, rank, 1, comm,
                    MPI_STATUS_IGNORE);
    else
      PMPI_Recv(slot, recvcount, recvtype, i, 0, comm, MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
