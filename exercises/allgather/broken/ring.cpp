// Broken on purpose (breaks: rounds): the ring allgather, one block to the right neighbour
// per round: p − 1 rounds. Correct, in place, (p − 1) blocks per rank like any allgather.
#include <mpi.h>

int MY_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(recvtype, &lb, &extent);
  const auto block = [&](int r) {
    return static_cast<char*>(recvbuf) + static_cast<MPI_Aint>(r) * recvcount * extent;
  };
  MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, 0, block(rank), recvcount, recvtype, rank, 0,
               comm, MPI_STATUS_IGNORE);
  for (int k = 0; k + 1 < p; ++k)
    MPI_Sendrecv(block((rank - k + p) % p), recvcount, recvtype, (rank + 1) % p, 0,
                 block((rank - k - 1 + p) % p), recvcount, recvtype, (rank - 1 + p) % p, 0, comm,
                 MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}
