// Broken on purpose: the direct reduce-scatter: in round k every rank sends block
// (rank + k) mod p to its owner and receives its own block from rank − k; the owner then
// combines the p blocks in rank order. Right, but p − 1 rounds where ⌊log₂p⌋ (+ 2 for the
// fold) suffice.
#include <mpi.h>
#include <vector>

int MY_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount,
                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  constexpr int tag = 4741;
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (recvcount == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(datatype, &lb, &extent);
  const std::size_t block = static_cast<std::size_t>(recvcount) * static_cast<std::size_t>(extent);
  std::vector<char> slots(block * static_cast<std::size_t>(p)); // slot j: rank j's operand
  const auto at = [&](int j) { return slots.data() + static_cast<std::size_t>(j) * block; };
  const auto send_block = [&](int j) {
    return static_cast<const char*>(sendbuf) + static_cast<std::size_t>(j) * block;
  };
  for (int k = 0; k < p; ++k) {
    const int to = (rank + k) % p, from = (rank - k + p) % p;
    MPI_Sendrecv(send_block(to), recvcount, datatype, to, tag, at(from), recvcount, datatype, from,
                 tag, comm, MPI_STATUS_IGNORE);
  }
  for (int j = 1; j < p; ++j) MPI_Reduce_local(at(j - 1), at(j), recvcount, datatype, op);
  MPI_Sendrecv(at(p - 1), recvcount, datatype, rank, tag, recvbuf, recvcount, datatype, rank, tag,
               comm, MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}
