// The α-β chooser behind --algorithm auto (choose.hpp). It reads only the registry's generic
// fields, so algorithms added to the registry become candidates without a change here.
#include "collscope/algorithms/choose.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace collscope {

namespace {

using C = Collective;

using detail::radix_parameter;
using detail::rank_identical;

bool power_of_two(int p) {
  return p > 0 && (p & (p - 1)) == 0;
}

/// The algorithm's cost formula at parameter value `value` (M or k).
double cost_at(const Algorithm& a, const CallShape& call, const CostModel& model, double m,
               int value) {
  if (a.hierarchical()) {
    const schedule::FormulaValues v{.p = double(call.p),
                                    .m = m,
                                    .blocks = double(std::max(1, value)),
                                    .alpha = model.alpha_node,
                                    .beta = model.beta_node,
                                    .nodes = double(model.nodes),
                                    .per_node = double(model.per_node),
                                    .alpha_net = model.alpha,
                                    .beta_net = model.beta};
    return a.two_level.cost(v);
  }
  return detail::flat_seconds(a, call.p, m, model, value);
}

/// M ≤ count: every M up to 64, then a geometric grid (8 % apart), then every M within 8 % of
/// the grid's best. The formulas are rounds·(α + βm/M) with rounds growing in M, so the minimum
/// is near the lemma's √(…) and the grid brackets it; the last pass makes it exact.
int best_blocks(const Algorithm& a, const CallShape& call, const CostModel& model, double m) {
  const int top = std::max(1, call.count);
  std::vector<int> grid;
  for (int b = 1; b <= std::min(top, 64); ++b) grid.push_back(b);
  for (double b = 64; b < top;) {
    b = std::max(b + 1, std::floor(b * 1.08));
    grid.push_back(static_cast<int>(std::min<double>(b, top)));
  }
  int best = 1;
  double best_cost = std::numeric_limits<double>::infinity();
  auto consider = [&](int b) {
    const double c = cost_at(a, call, model, m, b);
    if (c < best_cost || (c == best_cost && b < best)) best = b, best_cost = c;
  };
  for (int b : grid) consider(b);
  const int low = std::max(1, static_cast<int>(best / 1.08)),
            high = std::min(top, static_cast<int>(std::ceil(best * 1.08)));
  for (int b = low; b <= high; ++b) consider(b);
  return best;
}

/// The radix k in [2, max(2, p)] that minimises the formula (a k-nomial tree of k ≥ p is a star).
int best_radix(const Algorithm& a, const CallShape& call, const CostModel& model, double m) {
  int best = 2;
  double best_cost = std::numeric_limits<double>::infinity();
  for (int k = 2; k <= std::max(2, call.p); ++k)
    if (const double c = cost_at(a, call, model, m, k); c < best_cost) best = k, best_cost = c;
  return best;
}

std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3e s", s);
  return text;
}

std::string named(const Candidate& c) {
  std::string name(c.algorithm->name);
  if (c.algorithm->uses_blocks())
    name += " (M=" + std::to_string(c.parameter) + ")";
  else if (c.parameter > 0)
    name += " (k=" + std::to_string(c.parameter) + ")";
  return name;
}

} // namespace

std::optional<double> formula_bytes(Collective collective, int p, int count, int type_size) {
  const double block = double(count) * type_size;
  switch (collective) {
  case C::gather:
  case C::scatter:
  case C::allgather:
  case C::alltoall:
  case C::reduce_scatter_block:
    return p * block;
  case C::bcast:
  case C::reduce:
  case C::allreduce:
  case C::scan:
  case C::exscan:
    return block;
  default:
    return std::nullopt; // block sizes differ per rank: no single m
  }
}

std::string refusal(const Algorithm& a, const CallShape& call, const CostModel& model) {
  if (a.collective != call.collective) return "another collective";
  if (a.is_native()) return "native: the library decides, no formula";
  if (a.mock_up())
    return "mock-up of GL" + std::to_string(a.guideline) + ": its cost is the library's " +
           std::string(a.mock_up_of) + ", no formula";
  if (a.hierarchical()) {
    if (model.nodes <= 0) return "needs a node layout (--nodes, --ranks-per-node)";
    if (a.full_lane() && !model.regular_nodes) return "needs equal nodes";
  } else if (!a.cost.of) {
    return "no α-β formula for equal blocks";
  }
  if (a.commutative_only && !call.commutative) return "commutative ops only";
  if (a.power_of_two_only && !power_of_two(call.p)) return "powers of two only";
  if (call.floating && a.reduces() && !rank_identical(a))
    return "floating-point results differ between ranks";
  return "";
}

Candidate predict(const Algorithm& a, const CallShape& call, const CostModel& model) {
  const double m = formula_bytes(call.collective, call.p, call.count, call.type_size).value_or(0);
  Candidate c{.algorithm = &a};
  if (a.uses_blocks() && call.blocks > 0)
    c.parameter = std::clamp(call.blocks, 1, std::max(1, call.count)); // as tuning.cpp clamps
  else if (a.uses_blocks())
    c.parameter = best_blocks(a, call, model, m);
  else if (radix_parameter() != Parameter::none && a.parameter == radix_parameter())
    c.parameter = best_radix(a, call, model, m);
  c.seconds = cost_at(a, call, model, m, c.parameter);
  return c;
}

Choice choose_algorithm(const CallShape& call, const CostModel& model) {
  Choice choice;
  if (!formula_bytes(call.collective, call.p, call.count, call.type_size)) {
    choice.error = "auto chooses for collectives of equal blocks only, not " +
                   std::string(to_string(call.collective)) + " (its cost depends on each block)";
    return choice;
  }
  for (const Algorithm& a : algorithms()) {
    if (a.collective != call.collective) continue;
    if (std::string why = refusal(a, call, model); !why.empty())
      choice.refused.push_back({&a, std::move(why)});
    else
      choice.ranked.push_back(predict(a, call, model));
  }
  // Stable: equal predictions keep registry order, so the choice never depends on chance.
  std::stable_sort(choice.ranked.begin(), choice.ranked.end(),
                   [](const Candidate& x, const Candidate& y) { return x.seconds < y.seconds; });
  if (choice.ranked.empty())
    choice.error = "auto: no algorithm of " + std::string(to_string(call.collective)) +
                   " accepts this call (" + std::to_string(choice.refused.size()) + " refused)";
  return choice;
}

std::string Choice::summary() const {
  if (!ok()) return error;
  std::string line = named(best()) + ", α-β " + seconds_text(best().seconds);
  if (const Candidate* second = runner_up())
    line += "; runner-up " + named(*second) + ", " + seconds_text(second->seconds);
  line += "; " + std::to_string(ranked.size()) + " candidates, " + std::to_string(refused.size()) +
          " refused";
  return line;
}

Choice choose_algorithm(Collective collective, int p, int count, MPI_Datatype datatype, MPI_Op op,
                        int root, const CostModel& model) {
  int size = 0;
  MPI_Type_size(datatype, &size);
  int commutative = 1;
  if (op != MPI_OP_NULL) MPI_Op_commutative(op, &commutative);
  const bool floating = datatype == MPI_FLOAT || datatype == MPI_DOUBLE ||
                        datatype == MPI_LONG_DOUBLE || datatype == MPI_C_FLOAT_COMPLEX ||
                        datatype == MPI_C_DOUBLE_COMPLEX;
  return choose_algorithm(CallShape{.collective = collective,
                                    .p = p,
                                    .count = count,
                                    .type_size = size,
                                    .commutative = commutative != 0,
                                    .floating = floating && op != MPI_OP_NULL,
                                    .root = root},
                          model);
}

} // namespace collscope
