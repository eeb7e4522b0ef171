// k-nomial scatter, k-ported (seeds/001, "k-ported vs. k-lane communication capabilities",
// "Final remark: binomial and k-nomial trees"): the k-nomial gather run backwards. Ranks are
// shifted so the root is virtual rank 0; a rank receives its subtree's blocks from its parent,
// then, level by level from the top (largest subtrees first), posts the sends of its up to k−1
// children of a level at once (MPI_Isend, one MPI_Waitall).
//
//   p = 9, k = 3, root 0:   round 0: 0→3 [3,6) 0→6 [6,9)    round 1: 0→1 0→2 3→4 3→5 6→7 6→8
//
// Rounds: ⌈log_k p⌉.  Cost with k−1 ports: ≤ ⌈log_k p⌉α + min((k^⌈log_k p⌉ − 1)/(k−1), p−1)·βm/p;
// with one port ≤ (k−1)⌈log_k p⌉α + (p−1)/p·βm (both exact for p = k^L). For root ≠ 0 the
// root packs a subtree whose real ranks wrap past p − 1.
#include "collscope/algorithms/scatter.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/knomial.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/knomial_levels.hpp"
#include "gather_scatter/root_blocks.hpp"
#include "gather_scatter/subtrees.hpp"

#include <optional>
#include <vector>

namespace collscope {

namespace {

/// Sends the children's subtrees of every level of v, top level first; `blocks` holds v's
/// subtree in virtual-rank order (the root: the user's buffer in real-rank order).
int send_levels(const void* blocks, int count, MPI_Datatype type, const detail::SubtreeRank& me) {
  using namespace detail;
  const auto [v, p, root, k, comm] = me;
  const MPI_Aint extent = extent_of(type);
  std::vector<std::optional<TempBuffer>> staging(static_cast<std::size_t>(k - 1)); // a level's
  const auto send = [&](std::size_t c, const schedule::TreeEdge& child, MPI_Request* request) {
    const int first = schedule::real_rank(child.vrank, root, p);
    const void* run = at(blocks, std::int64_t{child.vrank - v} * count, extent);
    if (v == 0)
      COLLSCOPE_TRY(
          subtree_run(blocks, count, type, first, child.subtree_size, p, staging[c], run));
    trace::blocks(first, child.subtree_size, 0, count);
    return MPI_Isend(run, child.subtree_size * count, type, first, scatter_tag, comm, request);
  };
  return each_knomial_level(v, p, k, Toward::leaves, send);
}

} // namespace

COLLSCOPE_ENTRY(scatter, scatter_knomial, detail::ScatterTree{"knomial", true, send_levels})

} // namespace collscope
