// Registry entries of the hierarchical and full-lane algorithms (seeds/001, "Hierarchical
// collectives" and "Hierarchical, full-lane collectives"). Their rounds and costs are in the
// two-level model: N nodes of n ranks (n the largest node when they differ), α and β inside a
// node, α' and β' between nodes, m the bytes of the collective as in the flat entries.
#include "collscope/algorithms/allgather.hpp"
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/scan.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/block_exchange.hpp"
#include "collscope/schedule/cost.hpp"
#include "collscope/schedule/reduce_scatter.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using C = Collective;
using schedule::FormulaValues;
using schedule::TwoLevelFormula;

int lg(double x) {
  return schedule::ceil_log2(static_cast<int>(x));
}
int fl(double x) {
  return schedule::floor_log2(static_cast<int>(x));
}
/// The butterfly's rounds on x ranks (allreduce butterfly, reduce-scatter ordered halving).
int fly(double x) {
  return fl(x) + 2 * (lg(x) - fl(x));
}
/// The ordered-halving reduce-scatter's cost bound on n ranks for m bytes.
double halving(int n, double m, double a, double b) {
  return lg(n) * a + (n - 1.0) / n * b * m + (lg(n) - fl(n)) * (a + 2 * b * m);
}

constexpr TwoLevelFormula tree_then_trees{"⌈log₂N⌉ + ⌈log₂n⌉",
                                          [](int N, int n) { return lg(N) + lg(n); },
                                          "⌈log₂N⌉(α' + β'm) + ⌈log₂n⌉(α + βm)",
                                          [](const FormulaValues& v) {
                                            return lg(v.nodes) * (v.alpha_net + v.beta_net * v.m) +
                                                   lg(v.per_node) * (v.alpha + v.beta * v.m);
                                          }};

constexpr TwoLevelFormula trees_then_tree{
    "⌈log₂n⌉ + ⌈log₂N⌉", [](int N, int n) { return lg(N) + lg(n); },
    "⌈log₂n⌉(α + βm) + ⌈log₂N⌉(α' + β'm)", tree_then_trees.cost};

constexpr TwoLevelFormula hierarchical_allreduce{
    "2⌈log₂n⌉ + ⌊log₂N⌋ + 2(⌈log₂N⌉ − ⌊log₂N⌋)", [](int N, int n) { return 2 * lg(n) + fly(N); },
    "2⌈log₂n⌉(α + βm) + (⌊log₂N⌋ + 2(⌈log₂N⌉ − ⌊log₂N⌋))(α' + β'm)",
    [](const FormulaValues& v) {
      return 2 * lg(v.per_node) * (v.alpha + v.beta * v.m) +
             fly(v.nodes) * (v.alpha_net + v.beta_net * v.m);
    }};

constexpr TwoLevelFormula hierarchical_allgather{
    "2⌈log₂n⌉ + N − 1", [](int N, int n) { return 2 * lg(n) + N - 1; },
    "⌈log₂n⌉α + (n−1)/p·βm + (N − 1)(α' + β'n·m/p) + ⌈log₂n⌉(α + βm)",
    [](const FormulaValues& v) {
      // A leader's block is at most n·m/p (m/N on regular nodes; more for the largest of
      // irregular ones).
      return lg(v.per_node) * v.alpha + (v.per_node - 1) / v.p * v.beta * v.m +
             (v.nodes - 1) * (v.alpha_net + v.beta_net * v.per_node * v.m / v.p) +
             lg(v.per_node) * (v.alpha + v.beta * v.m);
    }};

constexpr TwoLevelFormula hierarchical_scan{"2⌈log₂n⌉ + ⌈log₂N⌉",
                                            [](int N, int n) { return 2 * lg(n) + lg(N); },
                                            "2⌈log₂n⌉(α + βm) + ⌈log₂N⌉(α' + β'm)",
                                            [](const FormulaValues& v) {
                                              return 2 * lg(v.per_node) * (v.alpha + v.beta * v.m) +
                                                     lg(v.nodes) * (v.alpha_net + v.beta_net * v.m);
                                            }};

/// The scatter + doubling allgather bound on n ranks (bcast scatter-allgather's cost).
double scatter_allgather_bound(int n, double m, double a, double b) {
  return schedule::tree_gather_cost(n, m, a, b) + schedule::reduce_scatter_halving_cost(n, m, a, b);
}

/// A flat algorithm run on both levels, across the N nodes (α', β') and inside the nodes
/// (α, β): its rounds and its cost on each level, added.
template <int (*rounds)(int p), double (*cost)(int p, double m, double a, double b)>
constexpr TwoLevelFormula on_both_levels(std::string_view rounds_text, std::string_view cost_text) {
  return {rounds_text, [](int N, int n) { return rounds(N) + rounds(n); }, cost_text,
          [](const FormulaValues& v) {
            return cost(static_cast<int>(v.nodes), v.m, v.alpha_net, v.beta_net) +
                   cost(static_cast<int>(v.per_node), v.m, v.alpha, v.beta);
          }};
}

constexpr TwoLevelFormula scatter_allgather_twice =
    on_both_levels<schedule::scatter_allgather_rounds, scatter_allgather_bound>(
        "⌈log₂N⌉ + ⌊log₂N⌋ + 2(⌈log₂N⌉ − ⌊log₂N⌋) + ⌈log₂n⌉ + ⌊log₂n⌋ + 2(⌈log₂n⌉ − ⌊log₂n⌋)",
        "≤ 2⌈log₂N⌉α' + 2(N−1)/N·β'm + (⌈log₂N⌉ − ⌊log₂N⌋)(α' + 2β'm) + 2⌈log₂n⌉α + "
        "2(n−1)/n·βm + (⌈log₂n⌉ − ⌊log₂n⌋)(α + 2βm)");

constexpr TwoLevelFormula scatter_gather_twice =
    on_both_levels<schedule::rabenseifner_rounds, schedule::rabenseifner_cost>(
        "≤ 2⌈log₂n⌉ + 2⌈log₂N⌉",
        "≤ 2⌈log₂n⌉α + 2(n−1)/n·βm + 2(⌈log₂n⌉ − ⌊log₂n⌋)βm + 2⌈log₂N⌉α' + 2(N−1)/N·β'm + "
        "2(⌈log₂N⌉ − ⌊log₂N⌋)β'm");

constexpr TwoLevelFormula full_lane_bcast{
    "⌈log₂n⌉ + ⌈log₂N⌉ + n − 1", [](int N, int n) { return lg(n) + lg(N) + n - 1; },
    "≤ ⌈log₂n⌉(2α + 8nβ) + (n−1)/n·βm + ⌈log₂N⌉(α' + β'm/n) + (n − 1)(α + βm/n)",
    [](const FormulaValues& v) {
      // The scatter inside the root's node is the irregular binomial scatterv: every edge
      // first carries its subtree's piece sizes (8 bytes each), then the pieces.
      const double n = v.per_node;
      return lg(n) * (2 * v.alpha + 8 * n * v.beta) + (n - 1) / n * v.beta * v.m +
             lg(v.nodes) * (v.alpha_net + v.beta_net * v.m / n) +
             (n - 1) * (v.alpha + v.beta * v.m / n);
    }};

constexpr TwoLevelFormula full_lane_reduce{
    "⌊log₂n⌋ + 2(⌈log₂n⌉ − ⌊log₂n⌋) + ⌈log₂N⌉ + ⌈log₂n⌉",
    [](int N, int n) { return fly(n) + lg(N) + lg(n); },
    "≤ ⌈log₂n⌉α + (n−1)/n·βm + (⌈log₂n⌉ − ⌊log₂n⌋)(α + 2βm) + ⌈log₂N⌉(α' + β'm/n) + "
    "⌈log₂n⌉α + (n−1)/n·βm",
    [](const FormulaValues& v) {
      const double n = v.per_node;
      return halving(int(n), v.m, v.alpha, v.beta) +
             lg(v.nodes) * (v.alpha_net + v.beta_net * v.m / n) + lg(n) * v.alpha +
             (n - 1) / n * v.beta * v.m;
    }};

constexpr TwoLevelFormula full_lane_allreduce{
    "⌊log₂n⌋ + 2(⌈log₂n⌉ − ⌊log₂n⌋) + ⌊log₂N⌋ + 2(⌈log₂N⌉ − ⌊log₂N⌋) + n − 1",
    [](int N, int n) { return fly(n) + fly(N) + n - 1; },
    "≤ ⌈log₂n⌉α + (n−1)/n·βm + (⌈log₂n⌉ − ⌊log₂n⌋)(α + 2βm) + (⌊log₂N⌋ + 2(⌈log₂N⌉ − "
    "⌊log₂N⌋))(α' + β'm/n) + (n − 1)(α + βm/n)",
    [](const FormulaValues& v) {
      const double n = v.per_node;
      return halving(int(n), v.m, v.alpha, v.beta) +
             fly(v.nodes) * (v.alpha_net + v.beta_net * v.m / n) +
             (n - 1) * (v.alpha + v.beta * v.m / n);
    }};

constexpr TwoLevelFormula full_lane_allgather{
    "⌈log₂N⌉ + ⌈log₂n⌉", [](int N, int n) { return lg(N) + lg(n); },
    "⌈log₂N⌉α' + (N−1)/p·β'm + ⌈log₂n⌉α + (n−1)/n·βm",
    [](const FormulaValues& v) {
      return lg(v.nodes) * v.alpha_net + (v.nodes - 1) / v.p * v.beta_net * v.m +
             lg(v.per_node) * v.alpha + (v.per_node - 1) / v.per_node * v.beta * v.m;
    }};

constexpr TwoLevelFormula hierarchical_alltoall{
    "2⌈log₂n⌉ + N − 1", [](int N, int n) { return 2 * lg(n) + N - 1; },
    "2(⌈log₂n⌉α + (n−1)βm) + (N − 1)(α' + β'n·n·m/p)",
    [](const FormulaValues& v) {
      // A leader sends another at most n·n blocks of m/p bytes (n·m/N on regular nodes).
      const double n = v.per_node;
      return 2 * (lg(n) * v.alpha + (n - 1) * v.beta * v.m) +
             (v.nodes - 1) * (v.alpha_net + v.beta_net * n * n * v.m / v.p);
    }};

constexpr std::string_view hierarchical_source = "seeds/001 “Hierarchical collectives”";
constexpr std::string_view full_lane_source = "seeds/001 “Hierarchical, full-lane collectives”";

const std::array entries{
    Algorithm{.collective = C::bcast,
              .name = "hierarchical",
              .description = "binomial across node leaders (the root leads its node), then "
                             "binomial inside every node: m bytes into each node",
              .source = hierarchical_source,
              .two_level = tree_then_trees,
              .bcast = bcast_hierarchical},
    Algorithm{.collective = C::bcast,
              .name = "hierarchical-scatter-allgather",
              .description = "as hierarchical, but scatter + doubling allgather (Van de Geijn) "
                             "across the leaders and inside every node: long messages",
              .source = hierarchical_source,
              .two_level = scatter_allgather_twice,
              .bcast = bcast_hierarchical_scatter_allgather},
    Algorithm{.collective = C::bcast,
              .name = "full-lane",
              .description = "scatter on the root's node, every lane broadcasts its m/n piece "
                             "across the nodes at once, ring allgatherv inside the nodes "
                             "(regular nodes only)",
              .source = full_lane_source,
              .two_level = full_lane_bcast,
              .bcast = bcast_full_lane},
    Algorithm{.collective = C::reduce,
              .name = "hierarchical",
              .description = "rank-ordered reduction inside every node, then across the node "
                             "leaders to the root (non-commutative: consecutive nodes only)",
              .source = hierarchical_source,
              .two_level = trees_then_tree,
              .reduce = reduce_hierarchical},
    Algorithm{.collective = C::reduce,
              .name = "hierarchical-scatter-gather",
              .description = "as hierarchical, but reduce-scatter + gather (Rabenseifner) inside "
                             "every node and across the leaders: long messages, commutative ops",
              .source = hierarchical_source,
              .two_level = scatter_gather_twice,
              .commutative_only = true,
              .reduce = reduce_hierarchical_scatter_gather},
    Algorithm{.collective = C::reduce,
              .name = "full-lane",
              .description = "reduce-scatter inside every node, each lane reduces its m/n piece "
                             "to the root's node, the root gathers the pieces (regular nodes)",
              .source = full_lane_source,
              .two_level = full_lane_reduce,
              .reduce = reduce_full_lane},
    Algorithm{.collective = C::allgather,
              .name = "hierarchical",
              .description = "gather inside every node, ring allgatherv of the node blocks "
                             "across leaders, broadcast inside every node",
              .source = hierarchical_source,
              .two_level = hierarchical_allgather,
              .allgather = allgather_hierarchical},
    Algorithm{.collective = C::allgather,
              .name = "full-lane",
              .description = "dissemination allgather on every lane at once, then inside every "
                             "node (regular nodes only)",
              .source = full_lane_source,
              .two_level = full_lane_allgather,
              .allgather = allgather_full_lane},
    Algorithm{.collective = C::allreduce,
              .name = "hierarchical",
              .description = "reduce inside every node, butterfly allreduce across the node "
                             "leaders, broadcast inside every node",
              .source = hierarchical_source,
              .two_level = hierarchical_allreduce,
              .allreduce = allreduce_hierarchical},
    Algorithm{.collective = C::allreduce,
              .name = "full-lane",
              .description = "reduce-scatter inside every node, butterfly allreduce of the m/n "
                             "pieces on every lane, ring allgatherv inside every node (regular)",
              .source = full_lane_source,
              .two_level = full_lane_allreduce,
              .allreduce = allreduce_full_lane},
    Algorithm{.collective = C::scan,
              .name = "hierarchical",
              .description = "reduce inside every node, exscan across the node leaders, scan "
                             "inside every node from the leader's prefix (consecutive nodes only)",
              .source = hierarchical_source,
              .two_level = hierarchical_scan,
              .scan = scan_hierarchical},
    Algorithm{.collective = C::alltoall,
              .name = "hierarchical",
              .description = "gather inside every node, the node leaders exchange node-to-node "
                             "blocks directly, scatter inside every node: one message per pair "
                             "of nodes crosses the network",
              .source = hierarchical_source,
              .two_level = hierarchical_alltoall,
              .alltoall = alltoall_hierarchical},
};

} // namespace

std::span<const Algorithm> hierarchical_registry() {
  return entries;
}

} // namespace collscope::detail
