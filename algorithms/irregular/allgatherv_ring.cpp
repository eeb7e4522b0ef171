// Ring allgatherv (seeds/001, "Linear-ring allgather", with blocks of different sizes): in
// step i every rank passes the block of rank − i to its right neighbour and receives the block
// of rank − i − 1 from its left one, straight into its place at recvdispls. Empty blocks are
// not sent, so a step can leave a rank idle.
//
//   p = 4, m = (3, 0, 1, 1):   step 0: 0→1 [0]  2→3 [2]  3→0 [3]       (rank 1's block is empty)
//                              step 1: 1→2 [0]  3→0 [2]  0→1 [3]
//                              step 2: 2→3 [0]  0→1 [2]  1→2 [3]
//
// Rounds: p − 1.  Cost: (p − 1)(α + β·max_i m_i): every block is on the move in every step,
// so each step waits for the largest. With one large block the ring moves it p − 1 times in
// full — the case the pipelined ring (allgatherv_ring_pipelined.cpp) is for.
#include "collscope/algorithms/allgatherv.hpp"
#include "collscope/schedule/circulant.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"

namespace collscope {

namespace {

int unchecked_allgatherv_ring(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                              void* recvbuf, const int* recvcounts, const int* displs,
                              MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allgatherv", "ring", -1, recvcounts[rank], recvtype, comm);
  meta_counts(recvcounts, p);
  const MPI_Aint extent = extent_of(recvtype);
  const auto block = [&](int origin) { return at(recvbuf, displs[origin], extent); };
  COLLSCOPE_TRY(
      place_own_block(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, rank));
  for (int i = 0; i + 1 < p; ++i) {
    const schedule::CirculantStep step = schedule::ring_allgather_step(rank, p, i);
    const bool sends = !carries_no_data(recvcounts[step.send_first], recvtype);
    const bool receives = !carries_no_data(recvcounts[step.recv_first], recvtype);
    if (!sends && !receives) continue;
    const trace::Round round(i);
    Transfer out, in;
    if (sends) {
      trace::blocks(step.send_first, 1, 0, recvcounts[step.send_first]);
      out = {block(step.send_first), recvcounts[step.send_first], step.send_to};
    }
    if (receives) in = {block(step.recv_first), recvcounts[step.recv_first], step.recv_from};
    COLLSCOPE_TRY(exchange(out, in, recvtype, allgatherv_tag, comm));
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(allgatherv, allgatherv_ring, unchecked_allgatherv_ring)

} // namespace collscope
