// k-nomial broadcast, k-ported (seeds/001, "k-ported vs. k-lane communication capabilities",
// "Easy generalization: k-ported", "Final remark: binomial and k-nomial trees"): ranks are
// shifted so the root is virtual rank 0; a rank receives from its parent, then, level by level
// from the top, posts the up to k−1 sends of a level at once (MPI_Isend) and completes them
// together (MPI_Waitall) before the next level. With k−1 ports per rank every level is one
// round; with one port the k−1 sends take turns.
//
//   p = 9, k = 3, root 0:   round 0: 0→3 0→6    round 1: 0→1 0→2 3→4 3→5 6→7 6→8
//
// Rounds: ⌈log_k p⌉.  Cost: ⌈log_k p⌉(α + βm) with k−1 ports; ≤ (k−1)⌈log_k p⌉(α + βm) with one.
// k = radix() (--radix, default 4 as Open MPI's knomial broadcast); k = 2 is the pre-order
// binomial tree.
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/radix.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/knomial.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/knomial_levels.hpp"
#include "common/tree_parent.hpp"

namespace collscope {

namespace {

int unchecked_bcast_knomial(void* buffer, int count, MPI_Datatype datatype, int root,
                            MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const int k = radix();
  const AlgorithmRegion region("bcast", "knomial", root, count, datatype, comm);
  trace::meta("radix", k);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int v = schedule::virtual_rank(rank, root, p);
  if (v != 0)
    COLLSCOPE_TRY(receive_from_parent(knomial_parent(v, root, p, k, Toward::leaves), buffer, count,
                                      datatype, bcast_tag, comm));
  const auto send = [&](std::size_t, const schedule::TreeEdge& child, MPI_Request* request) {
    trace::blocks(root, 1, 0, count);
    return MPI_Isend(buffer, count, datatype, schedule::real_rank(child.vrank, root, p), bcast_tag,
                     comm, request);
  };
  return each_knomial_level(v, p, k, Toward::leaves, send);
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_knomial, unchecked_bcast_knomial)

} // namespace collscope
