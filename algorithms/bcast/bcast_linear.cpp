// Linear broadcast: the root sends the whole buffer to every other rank in rank order.
//
//   round:   0      1      2           p = 4, root 0
//           0→1    0→2    0→3
//
// Rounds: p − 1.  Cost: (p − 1)(α + βm).
#include "collscope/algorithms/bcast.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_bcast_linear(void* buffer, int count, MPI_Datatype datatype, int root,
                           MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", "linear", root, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const auto round_of = [root](int r) { return r < root ? r : r - 1; };
  if (rank != root) {
    const trace::Round round(round_of(rank));
    return MPI_Recv(buffer, count, datatype, root, bcast_tag, comm, MPI_STATUS_IGNORE);
  }
  for (int r = 0; r < p; ++r) {
    if (r == root) continue;
    const trace::Round round(round_of(r));
    trace::blocks(root, 1, 0, count);
    COLLSCOPE_TRY(MPI_Send(buffer, count, datatype, r, bcast_tag, comm));
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_linear, unchecked_bcast_linear)

} // namespace collscope
