// GL12 (seeds/004 §3.1, Appendix A): MPI_Gather(n) ≤ MPI_Gatherv(n). The library's
// MPI_Gatherv with p equal counts and contiguous displacements, MPI_IN_PLACE passed on.
// Extra memory: counts and displacements, 2p ints (Table 1). Rounds and cost: the library's.
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

#include <vector>

namespace collscope {

namespace {

int unchecked_gather_gl12(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool at_root = rank == root;
  const AlgorithmRegion region("gather", "gl12-gatherv", root, at_root ? recvcount : sendcount,
                               at_root ? recvtype : sendtype, comm);
  // The counts matter at the root only, where recvcount is significant. Displacements reach
  // (p − 1)·n: decided on a block's bytes, which every rank knows alike.
  const int n = at_root ? recvcount : 0;
  const std::int64_t block = at_root ? std::int64_t(recvcount) * type_size(recvtype)
                                     : std::int64_t(sendcount) * type_size(sendtype);
  if (row_exceeds_int(p, block, MPI_BYTE))
    return fell_back(
        MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm));
  std::vector<int> counts(static_cast<std::size_t>(p), n), displs(counts.size());
  for (int i = 0; i < p; ++i) displs[std::size_t(i)] = i * n;
  return MPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, counts.data(), displs.data(), recvtype,
                     root, comm);
}

} // namespace

COLLSCOPE_ENTRY(gather, gather_gl12_gatherv, unchecked_gather_gl12)

} // namespace collscope
