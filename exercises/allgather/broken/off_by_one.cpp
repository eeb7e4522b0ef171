// Broken on purpose (breaks: correct, for p not a power of two): the last round of a p that
// is not a power of two passes p − d − 1 blocks instead of p − d, so one block never arrives.
#include <algorithm>
#include <mpi.h>

namespace {

constexpr int tag = 4714;

/// Blocks first, first + 1, …, first + n − 1 (mod p) of a buffer of p blocks of `count`
/// elements of `type`: one or two contiguous pieces as one datatype (to be freed).
MPI_Datatype blocks_type(int first, int n, int p, int count, MPI_Datatype type) {
  const int head = std::min(n, p - first); // up to the end of the buffer
  const int lengths[2] = {head * count, (n - head) * count};
  const int displacements[2] = {first * count, 0};
  MPI_Datatype blocks = MPI_DATATYPE_NULL;
  MPI_Type_indexed(n > head ? 2 : 1, lengths, displacements, type, &blocks);
  MPI_Type_commit(&blocks);
  return blocks;
}

} // namespace

int MY_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (recvcount == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(recvtype, &lb, &extent);
  // My own block into its place: a typed copy (MPI_Sendrecv to myself), the types may differ.
  char* mine = static_cast<char*>(recvbuf) + static_cast<MPI_Aint>(rank) * recvcount * extent;
  MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, tag, mine, recvcount, recvtype, rank, tag, comm,
               MPI_STATUS_IGNORE);

  for (int d = 1; d < p; d *= 2) {
    const int n = 2 * d <= p ? d : p - d - 1; // the bug: p − d blocks are missing
    MPI_Datatype out = blocks_type((rank - n + 1 + p) % p, n, p, recvcount, recvtype);
    MPI_Datatype in = blocks_type((rank - d - n + 1 + 2 * p) % p, n, p, recvcount, recvtype);
    MPI_Sendrecv(recvbuf, 1, out, (rank + d) % p, tag, recvbuf, 1, in, (rank - d + p) % p, tag,
                 comm, MPI_STATUS_IGNORE);
    MPI_Type_free(&out);
    MPI_Type_free(&in);
  }
  return MPI_SUCCESS;
}
