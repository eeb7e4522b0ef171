// Full-lane reduction (seeds/001, "Hierarchical, full-lane collectives"): a reduce-scatter
// inside every node leaves the node's sum of piece j on its j-th rank, every lane lⱼ reduces
// its piece of m/n across the nodes to the root's node at the same time, and the root gathers
// the n pieces from its node. "Total amount of data out of/into node: m." The reduce-scatter
// is the order-preserving halving and the lanes reduce in node order, so a non-commutative
// operator is right when each node is a run of consecutive ranks (MPI_ERR_OP otherwise).
// Regular layouts only (MPI_ERR_ARG otherwise).
//
//   3 nodes of 4, root 0:  cᵢ reduce-scatter (ordered halving) rounds 0–1
//                          lanes reduce      rounds 2–3: 8→0 9→1 …, 4→0 5→1 …  (dnc order)
//                          c₀ gatherv        rounds 4–5: 1→0 3→2, 2→0
//
// Rounds: ⌊log₂n⌋ + 2(⌈log₂n⌉ − ⌊log₂n⌋) + ⌈log₂N⌉ + ⌈log₂n⌉.
// Cost: ≤ ⌈log₂n⌉α + (n−1)/n·βm + (⌈log₂n⌉ − ⌊log₂n⌋)(α + 2βm) + ⌈log₂N⌉(α' + β'm/n) +
// ⌈log₂n⌉α + (n−1)/n·βm.
#include "collscope/algorithms/gatherv.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/reduce_scatter.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "hierarchical/hierarchy.hpp"

namespace collscope {

namespace {

int unchecked_reduce_full_lane(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                               MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, root, h, {.regular = true, .order = op}));
  const AlgorithmRegion region("reduce", "full-lane", root, count, datatype, comm, h.nodes->layout);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int n = h.largest_node;
  const Pieces pieces = cut(count, n);
  const auto j = std::size_t(h.nodes->local_rank);
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  TempBuffer piece(pieces.counts[j], datatype), lane_sum(pieces.counts[j], datatype);
  COLLSCOPE_TRY(reduce_scatter_ordered_halving(input, piece.data(), pieces.counts.data(), datatype,
                                               op, h.nodes->node_comm));
  const int scatter_rounds = schedule::butterfly_rounds(n);
  {
    const trace::RoundOffset after_scatter(scatter_rounds);
    COLLSCOPE_TRY(reduce_ordered(piece.data(), lane_sum.data(), pieces.counts[j], datatype, op,
                                 h.root_node, h.nodes->lane_comm));
  }
  if (h.nodes->node != h.root_node) return MPI_SUCCESS;
  const trace::RoundOffset after_lanes(scatter_rounds + schedule::ceil_log2(h.nodes_count));
  return gatherv_binomial(lane_sum.data(), pieces.counts[j], datatype, recvbuf,
                          pieces.counts.data(), pieces.displs.data(), datatype, h.node_root,
                          h.nodes->node_comm);
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_full_lane, unchecked_reduce_full_lane)

} // namespace collscope
