// Linear scatter: the root sends each rank its block in rank order, one per round.
//
//   round:   0      1      2           p = 4, root 0
//           0→1    0→2    0→3
//
// Rounds: p − 1.  Cost: (p − 1)α + (p − 1)/p·βm.
#include "collscope/algorithms/scatter.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_scatter_linear(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                             MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("scatter", "linear", root, rank == root ? sendcount : recvcount,
                               rank == root ? sendtype : recvtype, comm);
  // Rank r's block is the root's (r < root ? r : r − 1)-th send.
  const auto round_of = [root](int r) { return r < root ? r : r - 1; };
  if (rank != root) {
    if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
    const trace::Round round(round_of(rank));
    return MPI_Recv(recvbuf, recvcount, recvtype, root, scatter_tag, comm, MPI_STATUS_IGNORE);
  }
  if (carries_no_data(sendcount, sendtype)) return MPI_SUCCESS;
  const MPI_Aint extent = extent_of(sendtype);
  for (int r = 0; r < p; ++r) {
    const char* block = at(sendbuf, std::int64_t{r} * sendcount, extent);
    if (r != root) {
      const trace::Round round(round_of(r));
      trace::blocks(r, 1, 0, sendcount);
      COLLSCOPE_TRY(MPI_Send(block, sendcount, sendtype, r, scatter_tag, comm));
    } else if (recvbuf != MPI_IN_PLACE) {
      COLLSCOPE_TRY(typed_copy(block, sendcount, sendtype, recvbuf, recvcount, recvtype));
    }
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(scatter, scatter_linear, unchecked_scatter_linear)

} // namespace collscope
