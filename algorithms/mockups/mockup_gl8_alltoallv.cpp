// GL8 (seeds/004 §3.1, Appendix A): MPI_Alltoall(n) ≤ MPI_Alltoallv(n). The library's
// MPI_Alltoallv with p equal counts and contiguous displacements on both sides, MPI_IN_PLACE
// passed on. Extra memory: counts and displacements, 2p ints per side (Table 1: 2pI).
// Rounds and cost: the library's alltoallv (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

#include <vector>

namespace collscope {

namespace {

std::vector<int> multiples(int p, int count) {
  std::vector<int> displs(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) displs[std::size_t(i)] = i * count;
  return displs;
}

int unchecked_alltoall_gl8(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("alltoall", "gl8-alltoallv", -1, recvcount, recvtype, comm);
  if (row_exceeds_int(p, recvcount, recvtype)) // displacements up to (p − 1)·n
    return fell_back(
        MPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm));
  const std::vector<int> scounts(static_cast<std::size_t>(p), sendcount),
      rcounts(static_cast<std::size_t>(p), recvcount);
  const std::vector<int> sdispls = multiples(p, sendcount), rdispls = multiples(p, recvcount);
  return MPI_Alltoallv(sendbuf, scounts.data(), sdispls.data(), sendtype, recvbuf, rcounts.data(),
                       rdispls.data(), recvtype, comm);
}

} // namespace

COLLSCOPE_ENTRY(alltoall, alltoall_gl8_alltoallv, unchecked_alltoall_gl8)

} // namespace collscope
