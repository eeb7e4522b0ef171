// k-nomial gather, k-ported (seeds/001, "k-ported vs. k-lane communication capabilities",
// "Final remark: binomial and k-nomial trees"): ranks are shifted so the root is virtual rank
// 0; level by level from the bottom, a rank posts the receives of its up to k−1 children of a
// level at once (MPI_Irecv, one MPI_Waitall), each child's subtree being a contiguous range of
// virtual ranks, and then sends its whole subtree to its parent.
//
//   p = 9, k = 3, root 0:   round 0: 1→0 2→0 4→3 5→3 7→6 8→6    round 1: 3→0 [3,6) 6→0 [6,9)
//
// Rounds: ⌈log_k p⌉.  Cost with k−1 ports: ≤ ⌈log_k p⌉α + min((k^⌈log_k p⌉ − 1)/(k−1), p−1)·βm/p;
// with one port ≤ (k−1)⌈log_k p⌉α + (p−1)/p·βm (both exact for p = k^L). For root ≠ 0 a
// subtree whose real ranks wrap past p − 1 is received into a temporary buffer and copied into
// rank order.
#include "collscope/algorithms/gather.hpp"
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

/// Receives the children's subtrees of every level of v, bottom level first, into `blocks`: v's
/// subtree in virtual-rank order (the root: the user's buffer in real-rank order, a subtree
/// that wraps past p − 1 received into a staging buffer and copied into place).
int receive_levels(void* blocks, int count, MPI_Datatype type, const detail::SubtreeRank& me) {
  using namespace detail;
  const auto [v, p, root, k, comm] = me;
  const MPI_Aint extent = extent_of(type);
  std::vector<std::optional<TempBuffer>> staging(static_cast<std::size_t>(k - 1)); // a level's
  const auto receive = [&](std::size_t c, const schedule::TreeEdge& child, MPI_Request* request) {
    const int first = schedule::real_rank(child.vrank, root, p);
    const int n = child.subtree_size * count;
    const int place = v == 0 ? first : child.vrank - v; // real-rank or subtree order
    void* into = at(blocks, std::int64_t{place} * count, extent);
    if (v == 0 && first + child.subtree_size > p) into = staging[c].emplace(n, type).data();
    return MPI_Irecv(into, n, type, first, gather_tag, comm, request);
  };
  const auto unpack = [&](std::size_t c, const schedule::TreeEdge& child) -> int {
    if (!staging[c]) return MPI_SUCCESS;
    COLLSCOPE_TRY(unpack_wrapped_subtree(staging[c]->data(), count, type,
                                         schedule::real_rank(child.vrank, root, p),
                                         child.subtree_size, p, blocks));
    staging[c].reset();
    return MPI_SUCCESS;
  };
  return each_knomial_level(v, p, k, Toward::root, receive, unpack);
}

} // namespace

COLLSCOPE_ENTRY(gather, gather_knomial, detail::GatherTree{"knomial", true, receive_levels})

} // namespace collscope
