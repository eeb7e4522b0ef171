// Broken on purpose (breaks: correct, and with it every other check, since it is right on no
// case with p ≥ 2 and count > 0): Bruck's allgather with a temporary buffer in which a
// rank's own block comes first (block j of it is block rank + j), as in the lecture's
// remark that blocks arrive as [4,5,6,0,1,2,3] at rank 3 — and then copied into recvbuf
// without rotating back to rank order. Right on rank 0 only. Rounds, bytes and memory (one
// temporary buffer of p blocks) are fine.
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
  std::vector<char> temporary(static_cast<std::size_t>(p * recvcount * extent));
  char* t = temporary.data();
  MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, 0, t, recvcount, recvtype, rank, 0, comm,
               MPI_STATUS_IGNORE);
  for (int d = 1; d < p; d *= 2) {
    const int n = std::min(d, p - d);
    MPI_Sendrecv(t, n * recvcount, recvtype, (rank - d + p) % p, 0, t + d * recvcount * extent,
                 n * recvcount, recvtype, (rank + d) % p, 0, comm, MPI_STATUS_IGNORE);
  }
  // The bug: block j of the temporary buffer is block (rank + j) mod p, not block j.
  MPI_Sendrecv(t, p * recvcount, recvtype, rank, 1, recvbuf, p * recvcount, recvtype, rank, 1, comm,
               MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}
