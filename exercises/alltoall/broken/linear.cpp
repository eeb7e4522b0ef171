// Broken on purpose: the linear all-to-all, p − 1 rounds of pairwise exchange (round k:
// send to rank + k, receive from rank − k). Right, one block a message, but p − 1 rounds
// where ⌈log₂p⌉ suffice.
#include <mpi.h>

int MY_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Aint lb = 0, send_extent = 0, recv_extent = 0;
  MPI_Type_get_extent(sendtype, &lb, &send_extent);
  MPI_Type_get_extent(recvtype, &lb, &recv_extent);
  const auto send_block = [&](int r) {
    return static_cast<const char*>(sendbuf) + static_cast<MPI_Aint>(r) * sendcount * send_extent;
  };
  const auto recv_block = [&](int r) {
    return static_cast<char*>(recvbuf) + static_cast<MPI_Aint>(r) * recvcount * recv_extent;
  };
  for (int k = 0; k < p; ++k) {
    const int to = (rank + k) % p, from = (rank - k + p) % p;
    MPI_Sendrecv(send_block(to), sendcount, sendtype, to, 4721, recv_block(from), recvcount,
                 recvtype, from, 4721, comm, MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
