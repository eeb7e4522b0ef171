// Patterns of the Van de Geijn family whose message sizes are whole blocks of the count
// collscope-run takes (chain scatter and gather, recursive-doubling allgather): each rank's
// steps are its block exchanges (schedule/block_exchange.hpp) in round order, exactly what
// algorithms/src plays. The broadcasts and the reduce cut the vector into byte or element
// parts that need not divide evenly, so they are recognised by name only.
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
};

} // namespace

namespace detail {

std::span<const PatternAlgorithm> van_de_geijn_patterns() {
  return entries;
}

} // namespace detail

} // namespace collscope::schedule
