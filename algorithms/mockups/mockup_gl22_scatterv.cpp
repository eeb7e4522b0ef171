// GL22 (seeds/004 §3.1, Appendix A): MPI_Scatter(n) ≤ MPI_Scatterv(n). The library's
// MPI_Scatterv with p equal counts and contiguous displacements, MPI_IN_PLACE passed on.
// Extra memory: counts and displacements, 2p ints (Table 1). Rounds and cost: the library's.
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

#include <vector>

namespace collscope {

namespace {

int unchecked_scatter_gl22(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool at_root = rank == root;
  const AlgorithmRegion region("scatter", "gl22-scatterv", root, at_root ? sendcount : recvcount,
                               at_root ? sendtype : recvtype, comm);
  // The counts matter at the root only; displacements reach (p − 1)·n, decided on a block's
  // bytes, which every rank knows alike.
  const int n = at_root ? sendcount : 0;
  const std::int64_t block = at_root ? std::int64_t(sendcount) * type_size(sendtype)
                                     : std::int64_t(recvcount) * type_size(recvtype);
  if (row_exceeds_int(p, block, MPI_BYTE))
    return fell_back(
        MPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm));
  std::vector<int> counts(static_cast<std::size_t>(p), n), displs(counts.size());
  for (int i = 0; i < p; ++i) displs[std::size_t(i)] = i * n;
  return MPI_Scatterv(sendbuf, counts.data(), displs.data(), sendtype, recvbuf, recvcount, recvtype,
                      root, comm);
}

} // namespace

COLLSCOPE_ENTRY(scatter, scatter_gl22_scatterv, unchecked_scatter_gl22)

} // namespace collscope
