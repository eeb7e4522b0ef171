// One-factor alltoallv: the one-factor alltoall (seeds/001, "Telephone exchange algorithm
// (1-factoring)") on blocks of any size, each sent from and received into its own displacement;
// a pair whose block is empty skips that half of the round (both know the size: MPI requires
// sendcounts[j] on i to match recvcounts[i] on j).
//
//   round r: rank i swaps blocks with its partner of the r-th 1-factor (odd p: one rank idles)
//
// Rounds: p − 1 (p even), p (p odd).  Cost: Σ_r (α + β·the round's largest block)
// ≤ (2⌈p/2⌉ − 1)α + βm, m all blocks' bytes.
#include "alltoall/pairwise_exchange.hpp"
#include "collscope/algorithms/alltoallv.hpp"
#include "common/contract.hpp"

namespace collscope {

COLLSCOPE_ENTRY(alltoallv, alltoallv_one_factor, [](auto... mpi_args) {
  return detail::pairwise_alltoallv(detail::one_factor_pairs, mpi_args...);
})

} // namespace collscope
