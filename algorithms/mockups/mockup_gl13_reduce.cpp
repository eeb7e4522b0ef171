// GL13 (seeds/004 §3.1, Appendix A): MPI_Gather(n) ≤ MPI_Reduce(n). As GL3: every rank zeroes
// a p times larger buffer, puts its block at i·n and the library's MPI_Reduce with MPI_BOR
// combines the rows at the root: x | 0 = x. Extra memory: pn (Table 1).
//
//   p = 3, root 1:  [b₀ 0 0] | [0 b₁ 0] | [0 0 b₂] → rank 1 gets [b₀ b₁ b₂]
//
// The OR runs on MPI_BYTE over the blocks' bytes (gaps of derived datatypes left out, by
// MPI_Pack), so it holds for every datatype (MPI_BOR on floats or derived types is not MPI;
// PGMPITuneLib ORs MPI_CHAR over the extent). A root whose receive type has gaps gets the row
// through a second buffer of pn and MPI_Unpack. Rounds and cost: the library's reduce.
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "common/own_block.hpp"
#include "mockups/mockup_parts.hpp"

#include <vector>

namespace collscope {

namespace {

int unchecked_gather_gl13(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool at_root = rank == root;
  const AlgorithmRegion region("gather", "gl13-reduce", root, at_root ? recvcount : sendcount,
                               at_root ? recvtype : sendtype, comm);
  const bool in_place = at_root && sendbuf == MPI_IN_PLACE;
  const OwnBlock own =
      own_block(in_place, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, rank);
  const std::int64_t block = std::int64_t(own.count) * type_size(own.type); // same everywhere
  if (block == 0) return MPI_SUCCESS;
  if (row_exceeds_int(p, block, MPI_BYTE))
    return fell_back(
        MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm));
  std::vector<char> row(static_cast<std::size_t>(p * block), 0);
  COLLSCOPE_TRY(pack_bytes(own.data, own.count, own.type, row.data() + rank * block, block));
  const int bytes = static_cast<int>(p * block);
  int size = 0;
  if (!at_root || plain(recvtype, size))
    return MPI_Reduce(row.data(), at_root ? recvbuf : nullptr, bytes, MPI_BYTE, MPI_BOR, root,
                      comm);
  std::vector<char> result(row.size());
  COLLSCOPE_TRY(MPI_Reduce(row.data(), result.data(), bytes, MPI_BYTE, MPI_BOR, root, comm));
  return unpack_bytes(result.data(), bytes, recvbuf, p * recvcount, recvtype);
}

} // namespace

COLLSCOPE_ENTRY(gather, gather_gl13_reduce, unchecked_gather_gl13)

} // namespace collscope
