// Binomial-tree broadcast without harmful algorithmic latency (seeds/001, "Binomial tree
// broadcast without harmful algorithmic latency"): bit-reversed naming. In round k every
// virtual rank v < 2^k, which has the data, sends it to v + 2^k. A rank receiving in round k
// knows its parent after O(k) steps, exactly when the message can arrive.
//
//   p = 8, root 0:   round 0: 0→1    round 1: 0→2 1→3    round 2: 0→4 1→5 2→6 3→7
//
//   d = 1; while (v >= d) { dd = d; d <<= 1; }
//   if (v != 0) recv from v − dd;
//   while (v + d < p) { send to v + d; d <<= 1; }
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉(α + βm).
#include "collscope/algorithms/bcast.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/tree_parent.hpp"

namespace collscope {

namespace {

int unchecked_bcast_binomial(void* buffer, int count, MPI_Datatype datatype, int root,
                             MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", "binomial", root, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int v = schedule::virtual_rank(rank, root, p);
  if (v != 0) {
    const trace::Round round(schedule::bitreversed_round(v));
    const int parent = schedule::real_rank(schedule::bitreversed_parent(v), root, p);
    COLLSCOPE_TRY(MPI_Recv(buffer, count, datatype, parent, bcast_tag, comm, MPI_STATUS_IGNORE));
  }
  for (const schedule::TreeEdge& child : schedule::bitreversed_children(v, p))
    COLLSCOPE_TRY(
        send_to_child(child.vrank, child.round, buffer, count, datatype, root, p, bcast_tag, comm));
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_binomial, unchecked_bcast_binomial)

} // namespace collscope
