// Reference solution of the reduce_scatter_block exercise: recursive halving in rank order,
// for any p and a non-commutative op.
//
// Recursive halving pairs ranks at distance 1 first, then 2, 4, …: in round k a rank and
// its partner (bit k flipped) are the two halves of an aligned group of 2^(k+1) consecutive
// ranks, so every partial result is the reduction of consecutive ranks and combining
// "lower group ⊕ upper group" keeps rank order. The blocks are halved by the same bit: a
// rank keeps the blocks of the ranks whose bit k equals its own and sends the others; after
// the last round it holds only its own block, fully reduced.
//
// p not a power of two (q = 2^⌊log₂p⌋, r = p − q): first the fold: rank 2i + 1 (i < r)
// sends its whole vector to rank 2i, which combines "mine ⊕ yours" and stands for both
// (virtual rank i; ranks from 2r on are virtual rank − r). Halving runs on the q virtual
// ranks, whose blocks are their ranks' blocks; at the end rank 2i sends block 2i + 1 on.
//
// Rounds: log₂p, or ⌊log₂p⌋ + 2 with the fold. Bytes each way: (p − 1) blocks, or with the
// fold m + 2(q − 1) blocks (a virtual rank's two blocks travel together). Temporary memory:
// two vectors of p blocks.
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
  for (int bit = 1; bit < l.q; bit *= 2) {
    const int partner = v ^ bit, mask = 2 * bit - 1;
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
