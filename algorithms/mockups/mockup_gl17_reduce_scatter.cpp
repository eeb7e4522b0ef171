// GL17 (seeds/004 §3.1, Appendix A): MPI_Reduce_scatter_block(n) ≤ MPI_Reduce(n) +
// MPI_Scatter(n). The library's MPI_Reduce of the whole vector (p blocks) to rank 0 into a
// buffer of n, then its MPI_Scatter of the blocks from there. Extra memory: n at rank 0 (Table 1).
// Rounds and cost: the library's reduce and scatter (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_reduce_scatter_block_gl17(const void* sendbuf, void* recvbuf, int recvcount,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce_scatter_block", "gl17-reduce-scatter", -1, recvcount,
                               datatype, comm);
  if (recvcount == 0) return MPI_SUCCESS;
  if (row_exceeds_int(p, recvcount, datatype))
    return fell_back(MPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm));
  const bool root = rank == mockup_root;
  TempBuffer reduced(root ? std::int64_t(p) * recvcount : 0, datatype);
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  COLLSCOPE_TRY(MPI_Reduce(input, root ? reduced.data() : nullptr, p * recvcount, datatype, op,
                           mockup_root, comm));
  return MPI_Scatter(reduced.data(), recvcount, datatype, recvbuf, recvcount, datatype, mockup_root,
                     comm);
}

} // namespace

COLLSCOPE_ENTRY(reduce_scatter_block, reduce_scatter_block_gl17_reduce_scatter,
                unchecked_reduce_scatter_block_gl17)

} // namespace collscope
