// GL19 (seeds/004 §3.1, Appendix A): MPI_Reduce_scatter_block(n) ≤ MPI_Allreduce(n). The
// library's MPI_Allreduce of the whole vector (p blocks) into a buffer of n on every rank, of
// which each keeps its own block. Extra memory: n (Table 1).
// Rounds and cost: the library's allreduce (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_reduce_scatter_block_gl19(const void* sendbuf, void* recvbuf, int recvcount,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce_scatter_block", "gl19-allreduce", -1, recvcount, datatype,
                               comm);
  if (recvcount == 0) return MPI_SUCCESS;
  if (row_exceeds_int(p, recvcount, datatype))
    return fell_back(MPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm));
  TempBuffer reduced(std::int64_t(p) * recvcount, datatype);
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  COLLSCOPE_TRY(MPI_Allreduce(input, reduced.data(), p * recvcount, datatype, op, comm));
  return typed_copy(reduced.block(std::int64_t(rank) * recvcount), recvcount, datatype, recvbuf,
                    recvcount, datatype);
}

} // namespace

COLLSCOPE_ENTRY(reduce_scatter_block, reduce_scatter_block_gl19_allreduce,
                unchecked_reduce_scatter_block_gl19)

} // namespace collscope
