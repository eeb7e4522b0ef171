// Full-lane allgather (seeds/001, "Hierarchical, full-lane collectives"): every lane lⱼ (the
// j-th rank of each node) allgathers its N blocks across the nodes at the same time, then every
// node allgathers the n lanes' results. Blocks arrive lane by lane and are put into rank order
// at the end, so consecutive and round-robin placements both work; regular layouts only
// (MPI_ERR_ARG otherwise). Both steps are the dissemination (Bruck) allgather.
//
//   3 nodes of 4:  lanes  rounds 0–1: dissemination over nodes 0,1,2 on each of the 4 lanes
//                  cᵢ     rounds 2–3: dissemination over the node's 4 ranks, N blocks each
//
// Rounds: ⌈log₂N⌉ + ⌈log₂n⌉ ≤ ⌈log₂p⌉ + 1 ("at most one round off from optimal").
// Cost (m the bytes gathered): ⌈log₂N⌉α' + (N−1)/p·β'm + ⌈log₂n⌉α + (n−1)/n·βm.
#include "collscope/algorithms/allgather.hpp"
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

int unchecked_allgather_full_lane(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                  void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                  MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, -1, h, {.regular = true}));
  const AlgorithmRegion region("allgather", "full-lane", -1, recvcount, recvtype, comm,
                               h.nodes->layout);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const schedule::NodeLayout& layout = h.nodes->layout;
  const int N = h.nodes_count, n = h.largest_node;
  // Blocks arrive lane by lane: lane j's blocks of nodes 0 … N−1 at positions jN … jN + N − 1.
  std::vector<int> position(static_cast<std::size_t>(p));
  for (int node = 0; node < N; ++node) {
    const std::vector<int> members = layout.members(node);
    for (int j = 0; j < n; ++j) position[std::size_t(members[std::size_t(j)])] = j * N + node;
  }
  TempBuffer lane_blocks(std::int64_t(N) * recvcount, recvtype);
  return allgather_reordered(
      sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, rank, position,
      [&](const OwnBlock& own, void* all) {
        COLLSCOPE_TRY(allgather_dissemination(own.data, own.count, own.type, lane_blocks.data(),
                                              recvcount, recvtype, h.nodes->lane_comm));
        const trace::RoundOffset after_lanes(schedule::ceil_log2(N));
        return allgather_dissemination(lane_blocks.data(), N * recvcount, recvtype, all,
                                       N * recvcount, recvtype, h.nodes->node_comm);
      });
}

} // namespace

COLLSCOPE_ENTRY(allgather, allgather_full_lane, unchecked_allgather_full_lane)

} // namespace collscope
