// Full-lane allreduce (seeds/001, "Hierarchical, full-lane collectives"): reduce-scatter
// inside every node (rank j of the node gets the node's sum of piece j), allreduce of the
// pieces across the nodes on every lane lⱼ at the same time, allgather of the pieces inside
// every node. "Same as best known homogeneous Allreduce": each rank sends about 2m bytes, and
// every lane carries only m/n between nodes. The reduce-scatter keeps rank order and the lanes'
// butterfly keeps node order, so a non-commutative operator is right when each node is a run
// of consecutive ranks (MPI_ERR_OP otherwise). Regular layouts only (MPI_ERR_ARG otherwise).
//
//   3 nodes of 4:  cᵢ reduce-scatter (ordered halving)    rounds 0–1
//                  lanes butterfly on N = 3 (fold, swap, unfold) rounds 2–4
//                  cᵢ ring allgatherv                     rounds 5–7
//
// Rounds: ⌊log₂n⌋ + 2(⌈log₂n⌉ − ⌊log₂n⌋) + ⌊log₂N⌋ + 2(⌈log₂N⌉ − ⌊log₂N⌋) + n − 1.
// Cost: ≤ ⌈log₂n⌉α + (n−1)/n·βm + (⌈log₂n⌉ − ⌊log₂n⌋)(α + 2βm)
//       + (⌊log₂N⌋ + 2(⌈log₂N⌉ − ⌊log₂N⌋))(α' + β'm/n) + (n − 1)(α + βm/n).
#include "collscope/algorithms/allgatherv.hpp"
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/reduce_scatter.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "hierarchical/hierarchy.hpp"

namespace collscope {

namespace {

int unchecked_allreduce_full_lane(const void* sendbuf, void* recvbuf, int count,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, -1, h, {.regular = true, .order = op}));
  const AlgorithmRegion region("allreduce", "full-lane", -1, count, datatype, comm,
                               h.nodes->layout);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int n = h.largest_node;
  const Pieces pieces = cut(count, n);
  const auto j = std::size_t(h.nodes->local_rank);
  TempBuffer piece(pieces.counts[j], datatype);
  COLLSCOPE_TRY(reduce_scatter_ordered_halving(sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf,
                                               piece.data(), pieces.counts.data(), datatype, op,
                                               h.nodes->node_comm));
  const int scatter_rounds = schedule::butterfly_rounds(n);
  {
    const trace::RoundOffset after_scatter(scatter_rounds);
    COLLSCOPE_TRY(allreduce_butterfly(MPI_IN_PLACE, piece.data(), pieces.counts[j], datatype, op,
                                      h.nodes->lane_comm));
  }
  const trace::RoundOffset after_lanes(scatter_rounds + schedule::butterfly_rounds(h.nodes_count));
  return allgatherv_ring(piece.data(), pieces.counts[j], datatype, recvbuf, pieces.counts.data(),
                         pieces.displs.data(), datatype, h.nodes->node_comm);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_full_lane, unchecked_allreduce_full_lane)

} // namespace collscope
