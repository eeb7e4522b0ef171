// Broken on purpose: recursive halving with the distance halving (q/2, q/4, …, 1), the
// order of the commutative textbook version: right for MPI_SUM, out of rank order for the
// non-commutative op from q = 4 on.
#include <algorithm>
#include <cstring>
#include <mpi.h>
#include <vector>

namespace {

constexpr int tag = 4740;

struct Layout {
  int p, q, r;
  int first(int v) const { return v < r ? 2 * v : v + r; } ///< virtual rank → its first rank
  int blocks(int v) const { return v < r ? 2 : 1; }
};

/// The blocks of the virtual ranks v with (v & mask) == want, as one datatype (to be freed).
MPI_Datatype blocks_of(const Layout& l, int mask, int want, int count, MPI_Datatype type,
                       std::vector<int>& real) {
  real.clear();
  for (int v = 0; v < l.q; ++v)
    if ((v & mask) == want)
      for (int b = 0; b < l.blocks(v); ++b) real.push_back(l.first(v) + b);
  std::vector<int> displacements(real.size());
  for (std::size_t i = 0; i < real.size(); ++i) displacements[i] = real[i] * count;
  MPI_Datatype t = MPI_DATATYPE_NULL;
  MPI_Type_create_indexed_block(static_cast<int>(real.size()), count, displacements.data(), type,
                                &t);
  MPI_Type_commit(&t);
  return t;
}

} // namespace

int MY_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount,
                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (recvcount == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(datatype, &lb, &extent);
  const std::size_t block = static_cast<std::size_t>(recvcount) * static_cast<std::size_t>(extent);
  Layout l{p, 1, 0};
  while (2 * l.q <= p) l.q *= 2;
  l.r = p - l.q;
  std::vector<char> acc(block * static_cast<std::size_t>(p)), theirs(acc.size());
  const int n = p * recvcount;
  MPI_Sendrecv(sendbuf, n, datatype, rank, tag, acc.data(), n, datatype, rank, tag, comm,
               MPI_STATUS_IGNORE);

  // The fold: odd ranks below 2r hand their vector to their even neighbour and wait.
  if (rank < 2 * l.r && rank % 2 == 1) {
    MPI_Send(acc.data(), n, datatype, rank - 1, tag, comm);
    MPI_Recv(recvbuf, recvcount, datatype, rank - 1, tag, comm, MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
  }
  if (rank < 2 * l.r) {
    MPI_Recv(theirs.data(), n, datatype, rank + 1, tag, comm, MPI_STATUS_IGNORE);
    MPI_Reduce_local(acc.data(), theirs.data(), n, datatype, op); // theirs = mine ⊕ theirs
    std::swap(acc, theirs);
  }
  const int v = rank < 2 * l.r ? rank / 2 : rank - l.r;

  std::vector<int> out, in;
  // Wrong on purpose: the textbook order, distance q/2 first. Partners then combine groups
  // of ranks that are not consecutive (0 and q/2, then {0, q/2} and {q/4, 3q/4}).
  for (int bit = l.q / 2; bit >= 1; bit /= 2) {
    const int partner = v ^ bit, mask = (l.q - 1) & ~(bit - 1);
    MPI_Datatype send_t = blocks_of(l, mask, partner & mask, recvcount, datatype, out);
    MPI_Datatype recv_t = blocks_of(l, mask, v & mask, recvcount, datatype, in);
    MPI_Sendrecv(acc.data(), 1, send_t, l.first(partner), tag, theirs.data(), 1, recv_t,
                 l.first(partner), tag, comm, MPI_STATUS_IGNORE);
    MPI_Type_free(&send_t);
    MPI_Type_free(&recv_t);
    for (const int b : in) { // the lower group's partial on the left
      char* mine = acc.data() + static_cast<std::size_t>(b) * block;
      char* other = theirs.data() + static_cast<std::size_t>(b) * block;
      if (partner < v) {
        MPI_Reduce_local(other, mine, recvcount, datatype, op);
      } else {
        MPI_Reduce_local(mine, other, recvcount, datatype, op);
        std::memcpy(mine, other, block); // scratch to scratch: gaps do not matter here
      }
    }
  }

  const char* own = acc.data() + static_cast<std::size_t>(rank) * block;
  MPI_Sendrecv(own, recvcount, datatype, rank, tag, recvbuf, recvcount, datatype, rank, tag, comm,
               MPI_STATUS_IGNORE);
  if (rank < 2 * l.r) MPI_Send(own + block, recvcount, datatype, rank + 1, tag, comm);
  return MPI_SUCCESS;
}
