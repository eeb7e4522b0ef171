// Dissemination ("Bruck") allgather (seeds/001, "“Bruck”/“Dissemination” Allgather
// algorithm"): in round k, with d = 2^k, every rank sends the min(d, p − d) newest blocks it
// holds to rank + d and receives as many from rank − d; the communication graph is the
// circulant graph C_p(1, 2, 4, …). Blocks are received straight into their rank-order place;
// a range that wraps past p − 1 is described by one indexed datatype (the lecture's "or use
// MPI derived datatypes"), so no block is ever copied or reordered.
//
//   p = 7, rank 3:   round 0: send [3] → 4, recv [2] ← 2
//                    round 1: send [2,3] → 5, recv [0,1] ← 1
//                    round 2: send [1,2,3] → 0, recv [4,5,6] ← 6     (p − d = 3 blocks)
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉α + (p − 1)/p·βm, optimal in both terms.
#include "collscope/algorithms/allgather.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/circulant.hpp"
#include "common/annotate.hpp"
#include "common/block_exchange.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_allgather_dissemination(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                      void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                      MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allgather", "dissemination", -1, recvcount, recvtype, comm);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  if (sendbuf != MPI_IN_PLACE) {
    COLLSCOPE_TRY(typed_copy(sendbuf, sendcount, sendtype,
                             at(recvbuf, std::int64_t{rank} * recvcount, extent_of(recvtype)),
                             recvcount, recvtype));
  }
  const BlockOffsets blocks = equal_blocks(recvcount, p);
  const int rounds = schedule::ceil_log2(p);
  for (int k = 0; k < rounds; ++k) {
    const schedule::CirculantStep step = schedule::dissemination_round(rank, p, k);
    const trace::Round round(k);
    trace::blocks(step.send_first, step.blocks, 0, recvcount);
    const BlockRun out(recvbuf, blocks, step.send_first, step.blocks, recvtype);
    const BlockRun in(recvbuf, blocks, step.recv_first, step.blocks, recvtype);
    COLLSCOPE_TRY(MPI_Sendrecv(out.address(), out.count(), out.type(), step.send_to, allgather_tag,
                               in.address(), in.count(), in.type(), step.recv_from, allgather_tag,
                               comm, MPI_STATUS_IGNORE));
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(allgather, allgather_dissemination, unchecked_allgather_dissemination)

} // namespace collscope
