// GL21 (seeds/004 §3.1, Appendix A): MPI_Scatter(n) ≤ MPI_Bcast(n). The root broadcasts its
// whole send buffer (p blocks) with the library's MPI_Bcast; every rank keeps its own block.
// Extra memory: the p blocks on the ranks other than the root (Table 1: "extra n" there, n the
// root's whole buffer). Rounds and cost: the library's broadcast (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_scatter_gl21(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool at_root = rank == root;
  const AlgorithmRegion region("scatter", "gl21-bcast", root, at_root ? sendcount : recvcount,
                               at_root ? sendtype : recvtype, comm);
  // A block's bytes are the same on every rank (a root in place has no recvcount to go by).
  const std::int64_t block = at_root ? std::int64_t(sendcount) * type_size(sendtype)
                                     : std::int64_t(recvcount) * type_size(recvtype);
  if (block == 0) return MPI_SUCCESS;
  if (row_exceeds_int(p, block, MPI_BYTE))
    return fell_back(
        MPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm));
  if (at_root) {
    // MPI_Bcast only reads the root's buffer.
    COLLSCOPE_TRY(MPI_Bcast(const_cast<void*>(sendbuf), p * sendcount, sendtype, root, comm));
    if (recvbuf == MPI_IN_PLACE) return MPI_SUCCESS;
    return typed_copy(at(sendbuf, std::int64_t(rank) * sendcount, extent_of(sendtype)), sendcount,
                      sendtype, recvbuf, recvcount, recvtype);
  }
  TempBuffer all(std::int64_t(p) * recvcount, recvtype);
  COLLSCOPE_TRY(MPI_Bcast(all.data(), p * recvcount, recvtype, root, comm));
  return typed_copy(all.block(std::int64_t(rank) * recvcount), recvcount, recvtype, recvbuf,
                    recvcount, recvtype);
}

} // namespace

COLLSCOPE_ENTRY(scatter, scatter_gl21_bcast, unchecked_scatter_gl21)

} // namespace collscope
