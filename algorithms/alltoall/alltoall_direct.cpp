// Direct alltoall for fully connected networks (seeds/001, "Direct alltoall, fully-connected
// network"): the own block is copied locally, then in round r every rank sends its block for
// rank + r + 1 and receives the block from rank − r − 1, both as one MPI_Sendrecv, so each
// round is a permutation and every link is used in both directions.
//
//   p = 4     round 0        round 1        round 2
//   rank 0    → 1  ← 3       → 2  ← 2       → 3  ← 1
//   rank 1    → 2  ← 0       → 3  ← 3       → 0  ← 2
//
// Rounds: p − 1.  Cost: (p − 1)(α + βm/p), m the data a rank sends (p blocks): optimal in
// the β term ((p − 1)/p·m must leave every rank), p − 1 times the latency.
#include "alltoall/pairwise_exchange.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "common/contract.hpp"

namespace collscope {

COLLSCOPE_ENTRY(alltoall, alltoall_direct, [](auto... mpi_args) {
  return detail::pairwise_alltoall(detail::direct_pairs, mpi_args...);
})

} // namespace collscope
