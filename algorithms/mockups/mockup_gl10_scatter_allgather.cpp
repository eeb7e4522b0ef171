// GL10 (seeds/004 §3.1, Appendix A): MPI_Bcast(n) ≤ MPI_Scatter(n) + MPI_Allgather(n), Van de
// Geijn's broadcast from the library's collectives. The root copies the vector into a buffer
// padded to p equal blocks, the library's MPI_Scatter hands rank i block i, its MPI_Allgather
// puts the blocks together on every rank. Extra memory: the padded vector (n + c) and one block
// ((n + c)/p), Table 1.
//
//   n = 10 bytes, p = 4:  blocks of 3 (2 padding bytes) → scatter → allgather → first 10 bytes
//
// The vector is cut in bytes of its type signature (as collscope's own scatter-allgather), so
// ranks that pass different datatypes with equal signatures, as MPI allows, cut it alike;
// PGMPITuneLib pads in elements of the datatype. Rounds and cost: the library's.
#include "collscope/algorithms/guidelines.hpp"
#include "collscope/schedule/mockup.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

#include <vector>

namespace collscope {

namespace {

int unchecked_bcast_gl10(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", "gl10-scatter-allgather", root, count, datatype, comm);
  const std::int64_t bytes = std::int64_t(count) * type_size(datatype); // same on every rank
  if (bytes == 0) return MPI_SUCCESS;
  if (schedule::exceeds_int(bytes))
    return fell_back(MPI_Bcast(buffer, count, datatype, root, comm));
  const std::int64_t padded = bytes + schedule::padding(bytes, p);
  const int block = static_cast<int>(padded / p);
  std::vector<char> vector(static_cast<std::size_t>(padded), 0),
      part(static_cast<std::size_t>(block));
  if (rank == root) COLLSCOPE_TRY(pack_bytes(buffer, count, datatype, vector.data(), bytes));
  COLLSCOPE_TRY(
      MPI_Scatter(vector.data(), block, MPI_BYTE, part.data(), block, MPI_BYTE, root, comm));
  COLLSCOPE_TRY(MPI_Allgather(part.data(), block, MPI_BYTE, vector.data(), block, MPI_BYTE, comm));
  return rank == root ? MPI_SUCCESS : unpack_bytes(vector.data(), bytes, buffer, count, datatype);
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_gl10_scatter_allgather, unchecked_bcast_gl10)

} // namespace collscope
