// Binomial-tree scatter (seeds/001, "Binomial tree scatter in hypercube" and "Binomial
// gather/scatter with root≠0"): the gather tree run backwards. Ranks are shifted so the root
// is virtual rank 0; each node sends its children their subtrees, largest first, so the
// biggest subtree starts earliest.
//
//   p = 7, root 0:   round 0: 0→4 [4,7)    round 1: 0→2 [2,4) 4→6    round 2: 0→1 2→3 4→5
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉α + (p − 1)/p·βm.
// For root ≠ 0 the root packs the one subtree whose real ranks wrap past p − 1.
#include "collscope/algorithms/scatter.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "gather_scatter/root_blocks.hpp"
#include "gather_scatter/subtrees.hpp"

#include <optional>
#include <ranges>

namespace collscope {

namespace {

/// Sends the children of v their subtrees, largest first; `blocks` holds v's subtree in
/// virtual-rank order (the root: the user's buffer in real-rank order, a subtree that wraps past
/// p − 1 packed).
int send_children(const void* blocks, int count, MPI_Datatype type, const detail::SubtreeRank& me) {
  using namespace detail;
  const int v = me.v, p = me.p, root = me.root;
  const MPI_Aint extent = extent_of(type);
  for (const schedule::TreeEdge& child : schedule::preorder_children(v, p) | std::views::reverse) {
    const int first = schedule::real_rank(child.vrank, root, p);
    const trace::Round round(schedule::preorder_topdown_round(child.vrank, p));
    std::optional<TempBuffer> staging;
    const void* run = at(blocks, std::int64_t{child.vrank - v} * count, extent);
    if (v == 0)
      COLLSCOPE_TRY(subtree_run(blocks, count, type, first, child.subtree_size, p, staging, run));
    trace::blocks(first, child.subtree_size, 0, count);
    COLLSCOPE_TRY(MPI_Send(run, child.subtree_size * count, type, first, scatter_tag, me.comm));
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(scatter, scatter_binomial, detail::ScatterTree{"binomial", false, send_children})

} // namespace collscope
