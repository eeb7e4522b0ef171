// GL3 (seeds/004 §3.1, Appendix A): MPI_Allgather(n) ≤ MPI_Allreduce(n). Every rank zeroes a
// p times larger buffer, puts its block at i·n and calls the library's MPI_Allreduce with
// MPI_BOR: x | 0 = x, so the OR of the rows is the gathered row. Extra memory: pn (Table 1).
//
//   p = 3:  rank 0 [b₀ 0 0] | rank 1 [0 b₁ 0] | rank 2 [0 0 b₂] = [b₀ b₁ b₂] on every rank
//
// The OR runs on MPI_BYTE over the blocks' bytes (gaps of derived datatypes left out, by
// MPI_Pack), so the trick holds for every datatype, floating point included: MPI_BOR on bytes is
// valid MPI, on floats or derived types it is not (Open MPI refuses it). PGMPITuneLib ORs
// MPI_CHAR over the extent, which would also overwrite a derived receive type's gaps. A
// receive type with gaps gets the result through a second buffer of pn and MPI_Unpack.
// Rounds and cost: the library's allreduce of the row's bytes (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "collscope/schedule/mockup.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

#include <vector>

namespace collscope {

namespace {

int unchecked_allgather_gl3(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allgather", "gl3-allreduce", -1, recvcount, recvtype, comm);
  const std::int64_t block = std::int64_t(recvcount) * type_size(recvtype); // same on every rank
  if (block == 0) return MPI_SUCCESS;
  if (schedule::exceeds_int(p * block))
    return fell_back(
        MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm));
  if (sendbuf == MPI_IN_PLACE) {
    sendbuf = at(recvbuf, std::int64_t(rank) * recvcount, extent_of(recvtype));
    sendcount = recvcount;
    sendtype = recvtype;
  }
  std::vector<char> row(static_cast<std::size_t>(p * block), 0);
  COLLSCOPE_TRY(pack_bytes(sendbuf, sendcount, sendtype, row.data() + rank * block, block));
  int size = 0;
  if (plain(recvtype, size))
    return MPI_Allreduce(row.data(), recvbuf, static_cast<int>(p * block), MPI_BYTE, MPI_BOR, comm);
  std::vector<char> result(row.size());
  COLLSCOPE_TRY(MPI_Allreduce(row.data(), result.data(), static_cast<int>(p * block), MPI_BYTE,
                              MPI_BOR, comm));
  return unpack_bytes(result.data(), p * block, recvbuf, p * recvcount, recvtype);
}

} // namespace

COLLSCOPE_ENTRY(allgather, allgather_gl3_allreduce, unchecked_allgather_gl3)

} // namespace collscope
