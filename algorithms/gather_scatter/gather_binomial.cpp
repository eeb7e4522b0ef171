// Binomial-tree gather (seeds/001, "Binomial tree gather in rounds"): ranks are shifted so
// the root is virtual rank 0; virtual rank v receives the subtrees of v + 1, v + 2, v + 4, …
// (as long as those bits of v are clear) and then sends its whole subtree, a contiguous
// range of virtual ranks, to v − 2^k in round k = lowest set bit of v.
//
//   p = 7, root 0:   round 0: 1→0 3→2 5→4    round 1: 2→0 6→4    round 2: 4→0
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉α + (p − 1)/p·βm, optimal in both terms.
// For root ≠ 0 a subtree's real ranks can wrap past p − 1: that one subtree is received into a
// temporary buffer and copied into rank order (the drawback the lecture notes; gather_dnc
// avoids it).
#include "collscope/algorithms/gather.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "gather_scatter/root_blocks.hpp"
#include "gather_scatter/subtrees.hpp"

#include <optional>

namespace collscope {

namespace {

/// Receives the children's subtrees of v, in the order of their rounds, into `blocks`: v's
/// subtree in virtual-rank order (the root: the user's buffer in real-rank order, a subtree
/// that wraps past p − 1 received into a staging buffer and copied into place).
int receive_children(void* blocks, int count, MPI_Datatype type, const detail::SubtreeRank& me) {
  using namespace detail;
  const int v = me.v, p = me.p, root = me.root;
  const MPI_Aint extent = extent_of(type);
  for (const schedule::TreeEdge& child : schedule::preorder_children(v, p)) {
    const int first = schedule::real_rank(child.vrank, root, p);
    const int n = child.subtree_size * count;
    const trace::Round round(child.round);
    const int place = v == 0 ? first : child.vrank - v; // real-rank or subtree order
    void* into = at(blocks, std::int64_t{place} * count, extent);
    std::optional<TempBuffer> staging;
    if (v == 0 && first + child.subtree_size > p) into = staging.emplace(n, type).data();
    COLLSCOPE_TRY(MPI_Recv(into, n, type, first, gather_tag, me.comm, MPI_STATUS_IGNORE));
    if (staging)
      COLLSCOPE_TRY(unpack_wrapped_subtree(staging->data(), count, type, first, child.subtree_size,
                                           p, blocks));
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(gather, gather_binomial, detail::GatherTree{"binomial", false, receive_children})

} // namespace collscope
