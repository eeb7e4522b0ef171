// Full-lane broadcast (seeds/001, "Hierarchical, full-lane collectives"; Träff and Hunold,
// CLUSTER 2020): the root scatters its vector in n pieces over its own node, every lane lⱼ
// (the j-th rank of each node) broadcasts its piece of m/n across the nodes at the same time,
// and every node puts the pieces together with an allgather. In the k-lane model all n ranks
// of a node use the network at once; the node still receives m bytes in total, in n pieces.
// Regular layouts only (every node n ranks): MPI_ERR_ARG otherwise. Pieces are counted in
// elements of each rank's datatype, so all ranks must pass the same (count, datatype).
//
//   3 nodes of 4, root 0:  c₀ scatterv  rounds 0–1: 0→2 (pieces 2,3), 0→1 2→3
//                          lanes        rounds 2–3: 0→4 1→5 2→6 3→7, 0→8 1→9 2→10 3→11
//                          cᵢ ring allgatherv rounds 4–6 (n − 1 = 3 steps)
//
// Rounds: ⌈log₂n⌉ + ⌈log₂N⌉ + n − 1 (the allgather inside the nodes is the ring, which takes
// pieces of any size; the lecture's count, with a logarithmic allgather, is 2⌈log₂n⌉ + ⌈log₂N⌉).
// Cost: ≤ ⌈log₂n⌉(2α + 8nβ) + (n−1)/n·βm + ⌈log₂N⌉(α' + β'm/n) + (n − 1)(α + βm/n): the
// irregular binomial scatterv sends each subtree's piece sizes (8 bytes each) before the pieces.
#include "collscope/algorithms/allgatherv.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/scatterv.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "hierarchical/hierarchy.hpp"

namespace collscope {

namespace {

int unchecked_bcast_full_lane(void* buffer, int count, MPI_Datatype datatype, int root,
                              MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, root, h, {.regular = true}));
  const AlgorithmRegion region("bcast", "full-lane", root, count, datatype, comm, h.nodes->layout);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int n = h.largest_node;
  const Pieces pieces = cut(count, n);
  const auto j = std::size_t(h.nodes->local_rank);
  const MPI_Aint extent = extent_of(datatype);
  void* mine = at(buffer, pieces.displs[j], extent);
  if (h.nodes->node == h.root_node)
    COLLSCOPE_TRY(scatterv_binomial(buffer, pieces.counts.data(), pieces.displs.data(), datatype,
                                    rank == root ? MPI_IN_PLACE : mine, pieces.counts[j], datatype,
                                    h.node_root, h.nodes->node_comm));
  const int scatter_rounds = schedule::ceil_log2(n);
  {
    const trace::RoundOffset after_scatter(scatter_rounds);
    COLLSCOPE_TRY(
        bcast_binomial(mine, pieces.counts[j], datatype, h.root_node, h.nodes->lane_comm));
  }
  const trace::RoundOffset after_lanes(scatter_rounds + schedule::ceil_log2(h.nodes_count));
  return allgatherv_ring(MPI_IN_PLACE, 0, datatype, buffer, pieces.counts.data(),
                         pieces.displs.data(), datatype, h.nodes->node_comm);
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_full_lane, unchecked_bcast_full_lane)

} // namespace collscope
