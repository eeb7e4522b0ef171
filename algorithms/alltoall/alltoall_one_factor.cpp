// One-factor ("telephone exchange") alltoall (seeds/001, "Telephone exchange algorithm
// (1-factoring)" and the 1-factorization lemma): the complete graph on p ranks split into
// matchings; in each round every rank swaps blocks with its one partner, so a round uses
// each rank's link once, in both directions. For even p the lecture's circle construction
// (rank p − 1 at the centre) gives p − 1 rounds; for odd p the construction for p + 1 is
// used and whoever meets the virtual rank p idles that round: p rounds.
//
//   p = 6   round 0: 0–5 1–4 2–3   round 1: 1–5 0–2 3–4   round 2: 2–5 1–3 0–4
//           round 3: 3–5 2–4 0–1   round 4: 4–5 0–3 1–2
//   p = 5   as p = 6 with rank 5 gone: round i leaves rank i idle
//
// Rounds: p − 1 (p even), p (p odd).  Cost: (2⌈p/2⌉ − 1)(α + βm/p).
#include "alltoall/pairwise_exchange.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "common/contract.hpp"

namespace collscope {

COLLSCOPE_ENTRY(alltoall, alltoall_one_factor, [](auto... mpi_args) {
  return detail::pairwise_alltoall(detail::one_factor_pairs, mpi_args...);
})

} // namespace collscope
