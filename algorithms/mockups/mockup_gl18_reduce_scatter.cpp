// GL18 (seeds/004 §3.1, Appendix A): MPI_Reduce_scatter_block(n) ≤ MPI_Reduce_scatter(n). The
// library's MPI_Reduce_scatter with p equal counts, MPI_IN_PLACE passed on. Extra memory: the
// counts, p ints (Table 1). Rounds and cost: the library's (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

#include <vector>

namespace collscope {

namespace {

int unchecked_reduce_scatter_block_gl18(const void* sendbuf, void* recvbuf, int recvcount,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce_scatter_block", "gl18-reduce_scatter", -1, recvcount,
                               datatype, comm);
  const std::vector<int> counts(static_cast<std::size_t>(p), recvcount);
  return MPI_Reduce_scatter(sendbuf, recvbuf, counts.data(), datatype, op, comm);
}

} // namespace

COLLSCOPE_ENTRY(reduce_scatter_block, reduce_scatter_block_gl18_reduce_scatter,
                unchecked_reduce_scatter_block_gl18)

} // namespace collscope
