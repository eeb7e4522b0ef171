// Hierarchical Van de Geijn broadcast (seeds/001, "Hierarchical collectives" with "The “Van de
// Geijn” implementations"): as the hierarchical broadcast, across the nodes' leaders C first
// (the root leads its own node), then inside every node from the rank that joined C — but each
// level is a scatter + recursive-doubling allgather instead of a binomial tree: for long
// messages the β term is 2(N − 1)/N·β'm + 2(n − 1)/n·βm (N, n powers of two) instead of
// ⌈log₂N⌉β'm + ⌈log₂n⌉βm. Only the leaders cross nodes, but unlike the binomial tree a node's
// link can carry more than m: the root's node gets pieces back in the allgather, and folding
// leaders (N not a power of two) send the whole vector once more (traced, tests/hierarchical:
// at most 2m in or out of a node on 3 nodes of 4, 4 of 2 round-robin, 2 of 3 and 3,3,2).
//
//   2 nodes of 4, root 0:   C:  scatter 0→4 [half 1]    allgather 0↔4 (the other halves)
//                           cᵢ: scatter 0→2 [2,3], 4→6 [6,7]; 0→1, 2→3, 4→5, 6→7
//                               allgather 0↔1 2↔3 4↔5 6↔7, then 0↔2 1↔3 4↔6 5↔7
//
// Across the leaders the scatter sends one piece at a time (MPI_Ssend below the 64 KiB eager
// limit, Sends::one_at_a_time): eager sends would all leave a leader's one link together, so the
// largest piece, the one every later round waits for, would arrive last. Measured with
// `scripts/simulate --overhead 0.5us` (eager below 64 KiB), bcast of 16384 ints: on cluster:8x32
// the leaders' level took 43.8 µs with eager sends (cluster:8x1 alone) and 34.0 one at a time,
// the whole call 69.0 → 59.3 µs (model 60.1; MVAPICH2, binomial across its 8 leaders, 67.6).
// SMPI 3.32 charges a synchronous message no receive overhead (smpi/or: eager ones only), so up
// to ⌈log₂N⌉·o of that (1.5 µs here, three scatter hops) is SimGrid's accounting, not the order.
// Inside a node the pieces take the loopback, which they do not share: standard sends there.
//
// Rounds: sag(N) + max sag(nᵢ), sag(x) = ⌈log₂x⌉ + ⌊log₂x⌋ + 2(⌈log₂x⌉ − ⌊log₂x⌋).
// Cost: ≤ 2⌈log₂N⌉α' + 2(N−1)/N·β'm + 2⌈log₂n⌉α + 2(n−1)/n·βm for powers of two, at most
// α + 2βm more on each level that folds (bcast_scatter_allgather).
#include "collscope/algorithms/bcast.hpp"
#include "collscope/schedule/block_exchange.hpp"
#include "common/block_exchange.hpp"
#include "hierarchical/by_levels.hpp"

namespace collscope {

int bcast_hierarchical_scatter_allgather(void* buffer, int count, MPI_Datatype datatype, int root,
                                         MPI_Comm user_comm) {
  static constexpr detail::BcastLevels van_de_geijn{
      "hierarchical-scatter-allgather", detail::bcast_scatter_allgather_one_at_a_time,
      bcast_scatter_allgather, schedule::scatter_allgather_rounds};
  return detail::bcast_by_levels(van_de_geijn, buffer, count, datatype, root, user_comm);
}

} // namespace collscope
