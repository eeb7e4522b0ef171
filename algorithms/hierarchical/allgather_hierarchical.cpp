// Hierarchical allgather (seeds/001, "Hierarchical collectives"): gather inside every node cᵢ
// to its first rank, allgatherv across the nodes' first ranks (C), broadcast the whole result
// inside every node. The leaders' step is irregular whenever nodes differ in size (nᵢ blocks
// from node i): "to solve the regular problem, an algorithm for the irregular problem is
// needed", here the ring allgatherv. Blocks travel in node order and are put into rank order
// at the end, so any placement (round-robin too) works.
//
//   3 nodes of 4:  cᵢ gather  rounds 0–1: 1→0 3→2, 2→0 (and on nodes 4…7, 8…11)
//                  C ring     rounds 2–3: 0→4→8→0 with node blocks of 4
//                  cᵢ bcast   rounds 4–5: 0→1 4→5 8→9, 0→2 1→3 …
//
// Rounds: 2⌈log₂n⌉ + N − 1.  Cost (m the bytes gathered, m/p per rank):
// ⌈log₂n⌉α + (n−1)/p·βm + (N − 1)(α' + β'm/N) + ⌈log₂n⌉(α + βm).
#include "collscope/algorithms/allgather.hpp"
#include "collscope/algorithms/allgatherv.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/gather.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/own_block.hpp"
#include "hierarchical/hierarchy.hpp"
#include "hierarchical/rank_order.hpp"

#include <vector>

namespace collscope {

namespace {

int unchecked_allgather_hierarchical(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                     void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                     MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, -1, h));
  const AlgorithmRegion region("allgather", "hierarchical", -1, recvcount, recvtype, comm,
                               h.nodes->layout);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const schedule::NodeLayout& layout = h.nodes->layout;
  // Where each node's blocks start in node order, and each rank's block there.
  const std::vector<int> sizes = layout.sizes();
  std::vector<int> counts(sizes.size()), displs(sizes.size());
  std::vector<int> position(static_cast<std::size_t>(p));
  for (std::size_t node = 0, first = 0; node < sizes.size(); first += std::size_t(sizes[node++])) {
    counts[node] = sizes[node] * recvcount;
    displs[node] = static_cast<int>(first) * recvcount;
    int local = 0;
    for (int r : layout.members(static_cast<int>(node)))
      position[std::size_t(r)] = static_cast<int>(first) + local++;
  }
  const int own_node = h.nodes->node;
  const bool leads = h.leaders != MPI_COMM_NULL;
  TempBuffer node_blocks(leads ? counts[std::size_t(own_node)] : 0, recvtype);
  return allgather_reordered(
      sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, rank, position,
      [&](const OwnBlock& own, void* all) {
        COLLSCOPE_TRY(gather_binomial(own.data, own.count, own.type, node_blocks.data(), recvcount,
                                      recvtype, 0, h.nodes->node_comm));
        const int inside = schedule::ceil_log2(h.largest_node);
        {
          const trace::RoundOffset after_gather(inside);
          if (leads)
            COLLSCOPE_TRY(allgatherv_ring(node_blocks.data(), counts[std::size_t(own_node)],
                                          recvtype, all, counts.data(), displs.data(), recvtype,
                                          h.leaders));
        }
        const trace::RoundOffset after_leaders(inside + h.nodes_count - 1);
        return bcast_binomial(all, p * recvcount, recvtype, 0, h.nodes->node_comm);
      });
}

} // namespace

COLLSCOPE_ENTRY(allgather, allgather_hierarchical, unchecked_allgather_hierarchical)

} // namespace collscope
