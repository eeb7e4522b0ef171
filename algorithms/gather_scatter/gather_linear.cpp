// Linear gather, as Open MPI and MPICH do for small communicators: the root receives the
// blocks in rank order, one per round (seeds/001, "Linear-array" algorithms and
// seeds/000 §1 on linear MPI_Gatherv).
//
//   round:   0      1      2           p = 4, root 0
//           1→0    2→0    3→0
//
// Rounds: p − 1.  Cost: (p − 1)α + (p − 1)/p·βm.
#include "collscope/algorithms/gather.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_gather_linear(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("gather", "linear", root, rank == root ? recvcount : sendcount,
                               rank == root ? recvtype : sendtype, comm);
  // Rank r's block is the root's (r < root ? r : r − 1)-th receive.
  const auto round_of = [root](int r) { return r < root ? r : r - 1; };
  if (rank != root) {
    if (carries_no_data(sendcount, sendtype)) return MPI_SUCCESS;
    const trace::Round round(round_of(rank));
    trace::blocks(rank, 1, 0, sendcount);
    return MPI_Send(sendbuf, sendcount, sendtype, root, gather_tag, comm);
  }
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const MPI_Aint extent = extent_of(recvtype);
  for (int r = 0; r < p; ++r) {
    char* slot = at(recvbuf, std::int64_t{r} * recvcount, extent);
    if (r != root) {
      const trace::Round round(round_of(r));
      COLLSCOPE_TRY(MPI_Recv(slot, recvcount, recvtype, r, gather_tag, comm, MPI_STATUS_IGNORE));
    } else if (sendbuf != MPI_IN_PLACE) {
      COLLSCOPE_TRY(typed_copy(sendbuf, sendcount, sendtype, slot, recvcount, recvtype));
    }
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(gather, gather_linear, unchecked_gather_linear)

} // namespace collscope
