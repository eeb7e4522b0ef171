// Broken on purpose: the linear scan, a chain: receive the prefix of ranks 0 … rank − 1
// from rank − 1, add my operand on the right, pass it to rank + 1. Right, one vector sent
// per rank, but p − 1 rounds where ⌈log₂p⌉ suffice.
#include <mpi.h>
#include <vector>

int MY_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
            MPI_Comm comm) {
  constexpr int tag = 4731;
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (count == 0) return MPI_SUCCESS;
  MPI_Sendrecv(sendbuf, count, datatype, rank, tag, recvbuf, count, datatype, rank, tag, comm,
               MPI_STATUS_IGNORE);
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(datatype, &lb, &extent);
  std::vector<char> before(static_cast<std::size_t>(count) * static_cast<std::size_t>(extent));
  if (rank > 0) {
    MPI_Recv(before.data(), count, datatype, rank - 1, tag, comm, MPI_STATUS_IGNORE);
    MPI_Reduce_local(before.data(), recvbuf, count, datatype, op);
  }
  if (rank + 1 < p) MPI_Send(recvbuf, count, datatype, rank + 1, tag, comm);
  return MPI_SUCCESS;
}
