// GL4 (seeds/004 §3.1, Appendix A): MPI_Allgather(n) ≤ MPI_Allgatherv(n). The library's
// MPI_Allgatherv with p equal counts and contiguous displacements. Extra memory: 2p ints.
// Rounds and cost: the library's allgatherv (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

#include <vector>

namespace collscope {

namespace {

int unchecked_allgather_gl4(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allgather", "gl4-allgatherv", -1, recvcount, recvtype, comm);
  // Displacements up to (p − 1)·n: decided on the row's bytes, the same on every rank.
  if (row_exceeds_int(p, recvcount, recvtype))
    return fell_back(
        MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm));
  std::vector<int> counts(static_cast<std::size_t>(p), recvcount), displs(counts.size());
  for (int i = 0; i < p; ++i) displs[std::size_t(i)] = i * recvcount;
  return MPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, counts.data(), displs.data(),
                        recvtype, comm);
}

} // namespace

COLLSCOPE_ENTRY(allgather, allgather_gl4_allgatherv, unchecked_allgather_gl4)

} // namespace collscope
