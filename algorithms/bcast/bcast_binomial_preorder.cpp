// Binomial-tree broadcast with harmful algorithmic latency (seeds/001, "Binomial tree
// broadcast with harmful algorithmic latency"): the pre-order tree of the gather, run
// top-down. A rank must first find its lowest set bit, and the root its largest subtree,
// before it may send: the root of p processes loops ⌈log₂p⌉ times before its first message,
// which is the latency the lecture warns about.
//
//   p = 8, root 0:   round 0: 0→4    round 1: 0→2 4→6    round 2: 0→1 2→3 4→5 6→7
//
//   d = 1; while ((v & d) != d && d < p) d <<= 1;        // O(log p) before the first send
//   if (v != 0) recv from v − d;
//   while (d > 1) { d >>= 1; if (v + d < p) send to v + d; }
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉(α + βm).
#include "collscope/algorithms/bcast.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/tree_parent.hpp"

#include <ranges>

namespace collscope {

namespace {

int unchecked_bcast_binomial_preorder(void* buffer, int count, MPI_Datatype datatype, int root,
                                      MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", "binomial-preorder", root, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int v = schedule::virtual_rank(rank, root, p);
  if (v != 0)
    COLLSCOPE_TRY(receive_from_parent(binomial_parent(v, root, p, Toward::leaves), buffer, count,
                                      datatype, bcast_tag, comm));
  for (const schedule::TreeEdge& child : schedule::preorder_children(v, p) | std::views::reverse)
    COLLSCOPE_TRY(send_to_child(child.vrank, schedule::preorder_topdown_round(child.vrank, p),
                                buffer, count, datatype, root, p, bcast_tag, comm));
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_binomial_preorder, unchecked_bcast_binomial_preorder)

} // namespace collscope
