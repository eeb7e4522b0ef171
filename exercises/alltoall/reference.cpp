// Reference solution of the alltoall exercise: Bruck's all-to-all (seeds/001, the
// dissemination pattern of the allgather applied to personalised blocks).
//
// 1. Rotate: tmp[i] = my block for rank (rank + i) mod p, one typed copy to myself.
// 2. Round k (d = 2^k): send the blocks tmp[i] whose index i has bit k set to rank + d and
//    receive the same positions from rank − d, in place (MPI_Sendrecv_replace with one
//    indexed datatype). A block at index i moves i = Σ 2^k positions in all: to its target.
// 3. Rotate back: tmp[i] now holds the block from rank (rank − i) mod p; it goes to
//    recvbuf block (rank − i) mod p, one typed copy to myself.
//
// ⌈log₂p⌉ rounds; round k moves the indices below p with bit k set, at most ⌊p/2⌋ blocks.
// Temporary memory: the p rotated blocks (Open MPI's pack buffer is not the code's own).
#include <mpi.h>
#include <vector>

namespace {

constexpr int tag = 4720;

/// `n` blocks of `count` elements of `type` at block displacements `at[0..n)`, as one
/// datatype (to be freed).
MPI_Datatype blocks_type(const std::vector<int>& at, int count, MPI_Datatype type) {
  const int n = static_cast<int>(at.size());
  std::vector<int> displacements(at.size());
  for (int i = 0; i < n; ++i)
    displacements[static_cast<std::size_t>(i)] = at[static_cast<std::size_t>(i)] * count;
  MPI_Datatype blocks = MPI_DATATYPE_NULL;
  MPI_Type_create_indexed_block(n, count, displacements.data(), type, &blocks);
  MPI_Type_commit(&blocks);
  return blocks;
}

} // namespace

int MY_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (recvcount == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(recvtype, &lb, &extent);
  std::vector<char> tmp(static_cast<std::size_t>(p) * static_cast<std::size_t>(recvcount) *
                        static_cast<std::size_t>(extent));

  std::vector<int> order(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) order[static_cast<std::size_t>(i)] = (rank + i) % p;
  MPI_Datatype rotated = blocks_type(order, sendcount, sendtype);
  MPI_Sendrecv(sendbuf, 1, rotated, rank, tag, tmp.data(), p * recvcount, recvtype, rank, tag, comm,
               MPI_STATUS_IGNORE);
  MPI_Type_free(&rotated);

  for (int d = 1; d < p; d *= 2) {
    std::vector<int> moving;
    for (int i = 1; i < p; ++i)
      if (i & d) moving.push_back(i);
    MPI_Datatype blocks = blocks_type(moving, recvcount, recvtype);
    MPI_Sendrecv_replace(tmp.data(), 1, blocks, (rank + d) % p, tag, (rank - d + p) % p, tag, comm,
                         MPI_STATUS_IGNORE);
    MPI_Type_free(&blocks);
  }

  for (int i = 0; i < p; ++i) order[static_cast<std::size_t>(i)] = (rank - i + p) % p;
  MPI_Datatype back = blocks_type(order, recvcount, recvtype);
  MPI_Sendrecv(tmp.data(), p * recvcount, recvtype, rank, tag, recvbuf, 1, back, rank, tag, comm,
               MPI_STATUS_IGNORE);
  MPI_Type_free(&back);
  return MPI_SUCCESS;
}
