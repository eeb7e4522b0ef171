// Broken on purpose (breaks: memory): Bruck's allgather with a temporary buffer in which a
// rank's own block comes first, rotated back to rank order through a second temporary
// buffer of p blocks: twice the memory one rotation needs.
#include <algorithm>
#include <mpi.h>
#include <vector>

int MY_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (recvcount == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(recvtype, &lb, &extent);
  const MPI_Aint block = recvcount * extent;
  std::vector<char> temporary(static_cast<std::size_t>(p * block));
  char* t = temporary.data();
  MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, 0, t, recvcount, recvtype, rank, 0, comm,
               MPI_STATUS_IGNORE);
  for (int d = 1; d < p; d *= 2) {
    const int n = std::min(d, p - d);
    MPI_Sendrecv(t, n * recvcount, recvtype, (rank - d + p) % p, 0, t + d * block, n * recvcount,
                 recvtype, (rank + d) % p, 0, comm, MPI_STATUS_IGNORE);
  }
  // The bug: a second buffer of p blocks for the rotation, then one more copy.
  std::vector<char> ordered(static_cast<std::size_t>(p * block));
  const int tail = p - rank; // blocks rank … p − 1 come first in t
  MPI_Sendrecv(t, tail * recvcount, recvtype, rank, 1, ordered.data() + rank * block,
               tail * recvcount, recvtype, rank, 1, comm, MPI_STATUS_IGNORE);
  if (rank > 0)
    MPI_Sendrecv(t + tail * block, rank * recvcount, recvtype, rank, 2, ordered.data(),
                 rank * recvcount, recvtype, rank, 2, comm, MPI_STATUS_IGNORE);
  MPI_Sendrecv(ordered.data(), p * recvcount, recvtype, rank, 3, recvbuf, p * recvcount, recvtype,
               rank, 3, comm, MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}
