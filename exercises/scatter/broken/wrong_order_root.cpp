// Broken on purpose (breaks: correct, for root ≠ 0): a binomial scatter over virtual ranks
// (rank − root + p) mod p that takes the root's sendbuf to be in virtual-rank order: block
// v goes to virtual rank v. Right for root 0; for any other root every rank gets the block
// of another. Rounds, bytes and memory are those of a good binomial scatter.
#include <algorithm>
#include <mpi.h>
#include <vector>

int MY_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const bool is_root = rank == root;
  const int count = is_root ? sendcount : recvcount;
  const MPI_Datatype type = is_root ? sendtype : recvtype;
  if (count == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);
  const int vrank = (rank - root + p) % p;
  int lowbit = 1;
  while (lowbit < p && (vrank & lowbit) == 0) lowbit <<= 1;
  const int subtree = is_root ? p : std::min(lowbit, p - vrank);

  std::vector<char> temporary;
  char* held = is_root ? static_cast<char*>(const_cast<void*>(sendbuf)) : nullptr;
  if (!is_root) {
    if (subtree > 1) {
      temporary.resize(static_cast<std::size_t>(subtree * count * extent));
      held = temporary.data();
    }
    void* into = subtree > 1 ? static_cast<void*>(held) : recvbuf;
    MPI_Recv(into, subtree * count, type, (vrank - lowbit + root) % p, 0, comm, MPI_STATUS_IGNORE);
  }
  int top = 1;
  while (top < subtree) top <<= 1;
  for (int d = top / 2; d >= 1; d /= 2) {
    if (vrank + d >= p || d >= subtree) continue;
    const int blocks = std::min(d, p - vrank - d);
    MPI_Send(held + d * count * extent, blocks * count, type, (vrank + d + root) % p, 0, comm);
  }
  if (held != nullptr) // the bug at the root: its own block is taken from position 0
    MPI_Sendrecv(held, count, type, rank, 0, recvbuf, recvcount, recvtype, rank, 0, comm,
                 MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}
