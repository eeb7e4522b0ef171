// Patterns of the Van de Geijn family (chain scatter and gather, recursive-doubling allgather,
// the scatter + allgather broadcasts): each rank's steps are its block exchanges
// (schedule/block_exchange.hpp) in round order, exactly what algorithms/ plays. The
// broadcasts cut the vector into p near-equal byte parts, so their sizes (1/p of the count per
// block) are near, not exact; the reduce cuts elements by a rule of its own and is recognised
// by name only.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/block_exchange.hpp"
#include "collscope/schedule/patterns.hpp"

#include <array>

namespace collscope::schedule {

namespace {

void play(PatternBuilder& b, int rank, const std::vector<BlockExchange>& exchanges) {
  for (const BlockExchange& e : exchanges)
    b.step(rank, {{e.send_to, double(e.send_count)}}, {{e.recv_from, double(e.recv_count)}});
}

Pattern scatter_chain(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int r = 0; r < q.p; ++r) play(b, r, chain_scatter_exchanges(r, q.root, q.p));
  return b.finish();
}

Pattern gather_chain(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int r = 0; r < q.p; ++r) play(b, r, chain_gather_exchanges(r, q.root, q.p));
  return b.finish();
}

Pattern allgather_recursive_doubling(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int r = 0; r < q.p; ++r) play(b, r, doubling_allgather_exchanges(r, q.p, 0));
  return b.finish();
}

// Binomial scatter of p blocks of 1/p each, then the allgather, as bcast_scatter_allgather.cpp.
template <typename Allgather> Pattern scatter_then(const PatternProblem& q, Allgather allgather) {
  PatternBuilder b(q.p);
  if (q.p == 1) return b.finish();
  const double block = 1.0 / q.p;
  for (int r = 0; r < q.p; ++r) {
    auto steps = binomial_scatter_exchanges(r, q.root, q.p);
    const auto rest = allgather(r, q.p, ceil_log2(q.p));
    steps.insert(steps.end(), rest.begin(), rest.end());
    for (const BlockExchange& e : steps)
      b.step(r, {{e.send_to, e.send_count * block}}, {{e.recv_from, e.recv_count * block}});
  }
  return b.finish();
}

Pattern bcast_scatter_allgather(const PatternProblem& q) {
  return scatter_then(q, doubling_allgather_exchanges);
}

Pattern bcast_scatter_ring(const PatternProblem& q) {
  return scatter_then(q, ring_allgather_exchanges);
}

const std::array entries{
    PatternAlgorithm{"gather", "chain", true, false, false,
                     "a linear array (blocks passed rank by rank to the root)", "the chain",
                     gather_chain},
    PatternAlgorithm{"scatter", "chain", true, false, false,
                     "a linear array (blocks passed rank by rank from the root)", "the chain",
                     scatter_chain},
    PatternAlgorithm{"allgather", "recursive-doubling", false, false, false,
                     "recursive doubling (exchange everything with rank XOR 2^k)",
                     "recursive doubling", allgather_recursive_doubling},
    PatternAlgorithm{"bcast", "scatter-allgather", true, false, false,
                     "Van de Geijn: a binomial scatter, then a recursive-doubling allgather",
                     "scatter + allgather", bcast_scatter_allgather},
    PatternAlgorithm{"bcast", "scatter-ring", true, false, false,
                     "Van de Geijn: a binomial scatter, then a ring allgather", "scatter + ring",
                     bcast_scatter_ring},
};

} // namespace

namespace detail {

std::span<const PatternAlgorithm> van_de_geijn_patterns() {
  return entries;
}

} // namespace detail

} // namespace collscope::schedule
