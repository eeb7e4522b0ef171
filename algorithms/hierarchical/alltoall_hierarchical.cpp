// Hierarchical alltoall (seeds/001, "Hierarchical collectives": Gather(cᵢ), Alltoallv(C),
// Scatter(cᵢ)). Every rank's p blocks are gathered to its node's first rank; the first ranks
// (C) exchange directly, node A sending node B the nₐ·n_b blocks from A's ranks to B's ranks
// (irregular when nodes differ in size: "to solve the regular problem, an algorithm for the
// irregular problem is needed"); each first rank then scatters to every rank of its node the
// p blocks addressed to it, in source rank order. One message per pair of nodes crosses the
// network instead of one per pair of ranks: N(N − 1) messages instead of p(p − n).
//
//   3 nodes of 4:  cᵢ gather   rounds 0–1: 1→0 3→2, 2→0 (48 blocks at 0, 4, 8)
//                  C exchange  rounds 2–3: 0→4 4→8 8→0, 0→8 4→0 8→4 (16 blocks each)
//                  cᵢ scatter  rounds 4–5: 0→2 (24 blocks), 0→1 2→3 (12 blocks)
//
// Rounds: 2⌈log₂n⌉ + N − 1.  Cost (m the bytes a rank sends, m/p per destination):
// 2(⌈log₂n⌉α + (n−1)βm) + (N − 1)(α' + β'nm/N).
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/algorithms/gather.hpp"
#include "collscope/algorithms/scatter.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/own_block.hpp"
#include "hierarchical/hierarchy.hpp"

#include <vector>

namespace collscope {

namespace {

constexpr int exchange_tag = 7150;

/// Index of each rank within its node, and each node's ranks.
struct Places {
  std::vector<std::vector<int>> members;
  std::vector<int> local;
};

Places places(const schedule::NodeLayout& layout) {
  Places pl{{}, std::vector<int>(std::size_t(layout.ranks()))};
  for (int node = 0; node < layout.nodes(); ++node) {
    pl.members.push_back(layout.members(node));
    for (std::size_t i = 0; i < pl.members.back().size(); ++i)
      pl.local[std::size_t(pl.members.back()[i])] = static_cast<int>(i);
  }
  return pl;
}

/// The leaders' step: from `gathered` ([source on my node][destination rank]) to `sorted`
/// ([destination on my node][source rank]), exchanging with every other node directly.
int exchange_nodes(const Places& pl, int me, int N, char* gathered, char* sorted, int count,
                   MPI_Datatype type, MPI_Aint extent, MPI_Comm leaders, int first_round) {
  using namespace detail;
  const int p = static_cast<int>(pl.local.size());
  const auto& mine = pl.members[std::size_t(me)];
  const auto block = [&](char* base, std::int64_t index) { return base + index * count * extent; };
  const auto into_sorted = [&](int source, int destination) {
    return block(sorted, std::int64_t(pl.local[std::size_t(destination)]) * p + source);
  };
  // Own node: no message.
  for (std::size_t s = 0; s < mine.size(); ++s)
    for (int d : mine)
      COLLSCOPE_TRY(typed_copy(block(gathered, std::int64_t(s) * p + d), count, type,
                               into_sorted(mine[s], d), count, type));
  for (int k = 1; k < N; ++k) {
    const int to = (me + k) % N, from = (me - k + N) % N;
    const auto& there = pl.members[std::size_t(to)];
    const auto& source = pl.members[std::size_t(from)];
    TempBuffer out(std::int64_t(mine.size() * there.size()) * count, type);
    TempBuffer in(std::int64_t(source.size() * mine.size()) * count, type);
    std::int64_t i = 0;
    for (std::size_t s = 0; s < mine.size(); ++s)
      for (int d : there)
        COLLSCOPE_TRY(typed_copy(block(gathered, std::int64_t(s) * p + d), count, type,
                                 out.block(count * i++), count, type));
    const trace::Round round(first_round + k - 1);
    COLLSCOPE_TRY(exchange({out.data(), static_cast<int>(i) * count, to},
                           {in.data(), static_cast<int>(source.size() * mine.size()) * count, from},
                           type, exchange_tag, leaders));
    i = 0;
    for (int s : source)
      for (int d : mine)
        COLLSCOPE_TRY(
            typed_copy(in.block(count * i++), count, type, into_sorted(s, d), count, type));
  }
  return MPI_SUCCESS;
}

int unchecked_alltoall_hierarchical(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                    void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                    MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, -1, h));
  const AlgorithmRegion region("alltoall", "hierarchical", -1, recvcount, recvtype, comm,
                               h.nodes->layout);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const bool in_place = sendbuf == MPI_IN_PLACE;
  const bool leads = h.leaders != MPI_COMM_NULL;
  const int n = static_cast<int>(h.nodes->layout.members(h.nodes->node).size());
  const std::int64_t row = std::int64_t(p) * recvcount;
  TempBuffer gathered(leads ? n * row : 0, recvtype), sorted(leads ? n * row : 0, recvtype);
  // The whole row of p blocks.
  const OwnBlock own =
      own_block(in_place, sendbuf, p * sendcount, sendtype, recvbuf, p * recvcount, recvtype, 0);
  COLLSCOPE_TRY(gather_binomial(own.data, own.count, own.type, gathered.data(), p * recvcount,
                                recvtype, 0, h.nodes->node_comm));
  const int inside = schedule::ceil_log2(h.largest_node);
  if (leads)
    COLLSCOPE_TRY(exchange_nodes(places(h.nodes->layout), h.nodes->node, h.nodes_count,
                                 static_cast<char*>(gathered.data()),
                                 static_cast<char*>(sorted.data()), recvcount, recvtype,
                                 extent_of(recvtype), h.leaders, inside));
  const trace::RoundOffset after_leaders(inside + h.nodes_count - 1);
  return scatter_binomial(sorted.data(), p * recvcount, recvtype, recvbuf, p * recvcount, recvtype,
                          0, h.nodes->node_comm);
}

} // namespace

// MPI_Alltoall's argument rules are MPI_Allgather's (MPI_IN_PLACE as sendbuf, counts and
// types on every rank), so its check serves.
COLLSCOPE_ENTRY(allgather, alltoall_hierarchical, unchecked_alltoall_hierarchical)

} // namespace collscope
