// Broken on purpose (breaks: correct, for root ≠ 0): the lecture's binomial tree over
// virtual ranks (rank − root + p) mod p, but the root receives into recvbuf in virtual-rank
// order and never maps it back to rank order: right for root 0, rotated otherwise. Rounds,
// bytes and memory are those of a good binomial gather.
#include <algorithm>
#include <mpi.h>
#include <vector>

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const bool is_root = rank == root;
  const int count = is_root ? recvcount : sendcount;
  const MPI_Datatype type = is_root ? recvtype : sendtype;
  if (count == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);
  const int vrank = (rank - root + p) % p;
  int lowbit = 1;
  while (lowbit < p && (vrank & lowbit) == 0) lowbit <<= 1;
  const int subtree = is_root ? p : std::min(lowbit, p - vrank);

  std::vector<char> temporary;
  char* buffer = static_cast<char*>(recvbuf); // the bug: virtual-rank order at the root
  if (!is_root && subtree > 1) {
    temporary.resize(static_cast<std::size_t>(subtree * count * extent));
    buffer = temporary.data();
  }
  if (is_root || subtree > 1)
    MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, 0, buffer, count, type, rank, 0, comm,
                 MPI_STATUS_IGNORE);
  for (int d = 1; d < p && (vrank & d) == 0; d <<= 1) {
    if (vrank + d >= p) continue;
    const int blocks = std::min(d, p - vrank - d);
    MPI_Recv(buffer + d * count * extent, blocks * count, type, (vrank + d + root) % p, 0, comm,
             MPI_STATUS_IGNORE);
  }
  if (is_root) return MPI_SUCCESS;
  const void* data = subtree > 1 ? static_cast<const void*>(buffer) : sendbuf;
  return MPI_Send(data, subtree * count, type, (vrank - lowbit + root) % p, 0, comm);
}
