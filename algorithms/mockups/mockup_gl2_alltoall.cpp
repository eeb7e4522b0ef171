// GL2 (seeds/004 §3.1, Appendix A): MPI_Allgather(n) ≤ MPI_Alltoall(n). The mock-up fills a p
// times larger send buffer with p copies of its block and calls the library's MPI_Alltoall:
// block j goes to rank j, so every rank receives every rank's block. Extra memory: pn (Table 1).
//
//   p = 3, rank 1:  send [b₁ b₁ b₁] → MPI_Alltoall → recv [b₀ b₁ b₂]
//
// Rounds and cost: the library's alltoall of the row (the registry has no formula). The copies
// are laid out in the receive type, so the alltoall's send and receive types are the same on
// every rank (Open MPI 4.1's alltoall goes wrong for differing ones, tests/mpi/collective_case).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_allgather_gl2(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allgather", "gl2-alltoall", -1, recvcount, recvtype, comm);
  if (sendbuf == MPI_IN_PLACE) {
    sendbuf = at(recvbuf, std::int64_t(rank) * recvcount, extent_of(recvtype));
    sendcount = recvcount;
    sendtype = recvtype;
  }
  TempBuffer copies(std::int64_t(p) * recvcount, recvtype);
  for (int j = 0; j < p; ++j)
    COLLSCOPE_TRY(typed_copy(sendbuf, sendcount, sendtype,
                             copies.block(std::int64_t(j) * recvcount), recvcount, recvtype));
  return MPI_Alltoall(copies.data(), recvcount, recvtype, recvbuf, recvcount, recvtype, comm);
}

} // namespace

COLLSCOPE_ENTRY(allgather, allgather_gl2_alltoall, unchecked_allgather_gl2)

} // namespace collscope
