// Direct alltoallv: the direct alltoall (seeds/001, "Direct alltoall, fully-connected
// network") on blocks of any size, each sent from and received into its own displacement;
// a pair whose block is empty skips that half of the round (both know the size: MPI requires
// sendcounts[j] on i to match recvcounts[i] on j).
//
//   round r: rank i sends its block for i + r + 1, receives the block of i − r − 1
//
// Rounds: p − 1.  Cost: Σ_r (α + β·max_i m_{i,i+r+1}) ≤ (p − 1)α + βm, m all blocks' bytes.
#include "alltoall/pairwise_exchange.hpp"
#include "collscope/algorithms/alltoallv.hpp"
#include "common/contract.hpp"

namespace collscope {

COLLSCOPE_ENTRY(alltoallv, alltoallv_direct, [](auto... mpi_args) {
  return detail::pairwise_alltoallv(detail::direct_pairs, mpi_args...);
})

} // namespace collscope
