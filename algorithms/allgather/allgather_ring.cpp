// Ring allgather (seeds/001, "Linear-ring allgather"): in step i every rank passes the block
// it received in step i − 1 (its own in step 0) to its right neighbour and receives the next
// one from its left neighbour, straight into the block's rank-order place.
//
//   p = 4:   step 0: 0→1 [0] 1→2 [1] 2→3 [2] 3→0 [3]    step 1: 0→1 [3] 1→2 [0] …
//
// Rounds: p − 1.  Cost: (p − 1)(α + βm/p), optimal in the β term only.
#include "collscope/algorithms/allgather.hpp"
#include "collscope/schedule/circulant.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_allgather_ring(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allgather", "ring", -1, recvcount, recvtype, comm);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const MPI_Aint extent = extent_of(recvtype);
  const auto block = [&](int b) { return at(recvbuf, std::int64_t{b} * recvcount, extent); };
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(typed_copy(sendbuf, sendcount, sendtype, block(rank), recvcount, recvtype));
  for (int i = 0; i + 1 < p; ++i) {
    const schedule::CirculantStep step = schedule::ring_allgather_step(rank, p, i);
    const trace::Round round(i);
    trace::blocks(step.send_first, 1, 0, recvcount);
    COLLSCOPE_TRY(MPI_Sendrecv(block(step.send_first), recvcount, recvtype, step.send_to,
                               allgather_tag, block(step.recv_first), recvcount, recvtype,
                               step.recv_from, allgather_tag, comm, MPI_STATUS_IGNORE));
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(allgather, allgather_ring, unchecked_allgather_ring)

} // namespace collscope
