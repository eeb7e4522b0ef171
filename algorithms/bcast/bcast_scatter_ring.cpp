// Broadcast as binomial scatter + ring allgather (seeds/001, "Linear-ring allgather": "by
// Broadcast ≈ Scatter + Allgather observation … major improvement over trivial algorithm";
// "The “Van de Geijn” implementations": linear-array algorithms for large problems; Open MPI
// and MPICH use it for long messages): as scatter-allgather, with the p − 1 steps of the ring
// in place of recursive doubling, so every p is handled alike and every rank only ever talks
// to its two neighbours after the scatter.
//
//   p = 4, root 0:  scatter  0→2 [2,3]   0→1 [1] 2→3 [3]
//                   ring     i→i+1 block i − k in step k = 0, 1, 2
//
// Rounds: ⌈log₂p⌉ + p − 1.  Cost: (⌈log₂p⌉ + p − 1)α + 2(p − 1)/p·βm: optimal in β up to
// the factor 2 of scatter + allgather, linear in α.
#include "collscope/algorithms/bcast.hpp"
#include "common/block_exchange.hpp"
#include "common/contract.hpp"

namespace collscope {

COLLSCOPE_ENTRY(bcast, bcast_scatter_ring, [&](auto... mpi_args) {
  return detail::scatter_then_allgather(mpi_args..., "scatter-ring", true);
})

} // namespace collscope
