// Registry entries of the hierarchical and full-lane algorithms (seeds/001, "Hierarchical
// collectives" and "Hierarchical, full-lane collectives"). Their rounds and costs are in the
// two-level model: N nodes of n ranks (n the largest node when they differ), α and β inside a
// node, α' and β' between nodes, m the bytes of the collective as in the flat entries.
#include "collscope/algorithms/bcast.hpp"
#include "collscope/schedule/bits.hpp"
#include "registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using C = Collective;
using schedule::FormulaValues;
using schedule::TwoLevelFormula;

int lg(double x) {
  return schedule::ceil_log2(static_cast<int>(x));
}

constexpr TwoLevelFormula tree_then_trees{"⌈log₂N⌉ + ⌈log₂n⌉",
                                          [](int N, int n) { return lg(N) + lg(n); },
                                          "⌈log₂N⌉(α' + β'm) + ⌈log₂n⌉(α + βm)",
                                          [](const FormulaValues& v) {
                                            return lg(v.nodes) * (v.alpha_net + v.beta_net * v.m) +
                                                   lg(v.per_node) * (v.alpha + v.beta * v.m);
                                          }};

const std::array entries{
    Algorithm{.collective = C::bcast,
              .name = "hierarchical",
              .description = "binomial across node leaders (the root leads its node), then "
                             "binomial inside every node: m bytes into each node",
              .source = "seeds/001 “Hierarchical collectives” (Bcast(C), then Bcast(cᵢ))",
              .two_level = tree_then_trees,
              .bcast = bcast_hierarchical},
};

} // namespace

std::span<const Algorithm> hierarchical_algorithms() {
  return entries;
}

} // namespace collscope::detail
