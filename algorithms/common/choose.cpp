// The α-β chooser behind --algorithm auto (choose.hpp). It reads only the registry's generic
// fields, so algorithms added to the registry become candidates without a change here.
#include "collscope/algorithms/choose.hpp"

#include "collscope/algorithms/nodes.hpp"
#include "collscope/network_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace collscope {

namespace {

using C = Collective;

using detail::radix_parameter;
using detail::rank_identical;

bool power_of_two(int p) {
  return p > 0 && (p & (p - 1)) == 0;
}

/// A flat algorithm's formula on p ranks at α = a, β = b, plus what its posted messages cost
/// beyond one per level: max(o, g) each at the sender, and at the receiver too for rootless
/// collectives (every rank receives as many as it posts). Messages per level come from the
/// formulas themselves: the one-ported `cost` at α = 1, β = 0 counts the busiest rank's
/// messages, the k-ported `ported` its levels. On one link the messages already posted are in
/// flight while the rank pays for the next ones: the posting overheads and the link's bytes
/// overlap, and the longer of the two sets the pace (an alltoall of 64 ints posted at once on
/// cluster:16x16: 254 µs of overheads against 209 µs on the node's link, 257 µs simulated).
double flat_charged(const Algorithm& a, int p, double m, const CostModel& model, double alpha,
                    double beta, int value) {
  CostModel at = model;
  at.alpha = alpha;
  at.beta = beta;
  double t = detail::flat_seconds(a, p, m, at, value);
  const double post = std::max(model.o, model.g);
  if (post > 0 && a.ported.of && model.ports != Ports::one) {
    const int v = std::max(1, value);
    const double extra = a.cost.of(p, m, 1.0, 0.0, v) - a.ported.of(p, m, 1.0, 0.0, v);
    const double posting = std::max(0.0, extra) * post * (a.has_root() ? 1 : 2);
    const double overlapped = model.ports == Ports::one_link ? a.cost.of(p, m, 0.0, beta, v) : 0;
    t += std::max(0.0, posting - overlapped);
  }
  return t;
}

/// Whether `a`'s prediction is its exchange schedule replayed (Algorithm::exchange): on a
/// platform with LogGP's o and a node layout.
bool replays(const Algorithm& a, const CostModel& model) {
  return a.exchange && model.o > 0 && model.charge_layout && model.nodes > 0 && model.per_node > 1;
}

/// An exchange schedule (Algorithm::exchange) replayed on the platform: LogGP's o, the node
/// layout, the node's links shared by the ranks that send off it at the same time.
double replayed(const Algorithm& a, const CallShape& call, const CostModel& model, double m,
                int value) {
  const schedule::ReplayPlatform platform{.p = call.p,
                                          .per_node = model.per_node,
                                          .consecutive = model.consecutive,
                                          .lanes = model.lanes,
                                          .o = model.o,
                                          .alpha = model.alpha,
                                          .beta = model.beta,
                                          .alpha_node = model.alpha_node,
                                          .beta_node = model.beta_node};
  const schedule::ExchangeRounds rounds = a.exchange(call.p, m, value);
  return schedule::replay_exchange(rounds.rounds, rounds.step, platform);
}

/// The algorithm's cost formula at parameter value `value` (M or k).
double cost_at(const Algorithm& a, const CallShape& call, const CostModel& model, double m,
               int value) {
  const double o2 = 2 * model.o; // a message's overhead at its sender and at its receiver
  const double n = std::max(1, model.per_node);
  // A node's n ranks sending off-node at once share its `lanes` links.
  const double shared = model.lanes > 0 ? n / std::min<double>(model.lanes, n) : 1.0;
  if (a.hierarchical()) {
    const schedule::FormulaValues v{.p = double(call.p),
                                    .m = m,
                                    .blocks = double(std::max(1, value)),
                                    .alpha = model.alpha_node + o2,
                                    .beta = model.beta_node,
                                    .nodes = double(model.nodes),
                                    .per_node = double(model.per_node),
                                    .alpha_net = model.alpha + o2,
                                    .beta_net = model.beta * (a.full_lane() ? shared : 1.0)};
    return a.two_level.cost(v);
  }
  if (!model.charge_layout || model.nodes <= 0 || model.per_node <= 1)
    return flat_charged(a, call.p, m, model, model.alpha + o2, model.beta, value);
  if (call.p <= model.per_node) // one node: shared memory only
    return flat_charged(a, call.p, m, model, model.alpha_node + o2, model.beta_node, value);
  // A flat algorithm does not say which of its messages cross nodes at the same time: a
  // pre-order tree sends one message per node link, a bit-reversed one or a recursive-doubling
  // exchange all n of a node's ranks at once. The formula's bytes between nodes are charged as
  // the worst case, n ranks sharing the node's links (β'·n/lanes); only the two-level formulas
  // above know better. Its latency is charged as a tree over consecutive nodes: the top levels
  // between nodes, the n-rank subtrees inside them (round-robin over a power of two of nodes
  // mirrors it: distances that are multiples of N stay inside a node); a rootless algorithm's
  // bytes of those n-rank rounds too. Pipelines pay the network's α throughout: their off-node
  // hops set the pace. The trees that send off a node from one rank at a time, whatever the
  // root (Algorithm::one_sender_per_node, checked on their schedules), pay β' unshared when
  // ranks fill the nodes in order.
  const bool one_sender = a.one_sender_per_node && model.consecutive;
  const double beta_net = model.beta * (one_sender ? 1.0 : shared);
  const double between = flat_charged(a, call.p, m, model, model.alpha + o2, beta_net, value);
  if ((!model.consecutive && !power_of_two(model.nodes)) || a.pipelined()) return between;
  const int c = model.per_node;
  if (!a.has_root()) { // recursive doubling and halving: the n-rank rounds stay in the node
    // Which rounds: an allgather doubles its blocks, a reduce-scatter halves them, so the node
    // keeps its small rounds (the same call on n ranks, m·n/p bytes) when an allgather goes by
    // growing distance or a reduce-scatter by shrinking, its large ones otherwise (m: n − 1 of
    // every n bytes). An alltoall that sends each block alone moves n − 1 blocks inside (m·n/p);
    // one that combines them, and an allreduce's vectors, as much in every round (m).
    bool small_rounds_inside = false;
    if (a.collective == C::allgather) small_rounds_inside = a.nearest_first;
    if (a.collective == C::reduce_scatter_block) small_rounds_inside = !a.nearest_first;
    if (a.collective == C::alltoall) small_rounds_inside = !a.combines_blocks;
    const double m_node = small_rounds_inside ? m * c / call.p : m;
    return between - flat_charged(a, c, m_node, model, model.alpha + o2, beta_net, value) +
           flat_charged(a, c, m_node, model, model.alpha_node + o2, model.beta_node, value);
  }
  // Rooted: a tree's top levels may carry the big pieces (a scatter's halves) across nodes, so
  // only its latency is split; all its bytes are charged on the shared link.
  return between - flat_charged(a, c, m, model, model.alpha + o2, 0.0, value) +
         flat_charged(a, c, m, model, model.alpha_node + o2, 0.0, value);
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
  // The parameter by the formula (a replay for every k would cost p replays), the time at it
  // by the replay where the algorithm has one.
  c.seconds = replays(a, model) ? replayed(a, call, model, m, c.parameter)
                                : cost_at(a, call, model, m, c.parameter);
  return c;
}

double predict_at(const Algorithm& a, const CallShape& call, const CostModel& model,
                  int parameter) {
  const double m = formula_bytes(call.collective, call.p, call.count, call.type_size).value_or(0);
  return replays(a, model) ? replayed(a, call, model, m, parameter)
                           : cost_at(a, call, model, m, parameter);
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

std::string apply_cost_environment(CostModel& model) {
  const char* text = std::getenv("COLLSCOPE_COST_MODEL");
  if (text == nullptr || *text == '\0') return "";
  std::istringstream in(text);
  for (std::string item; in >> item;) {
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq == std::string::npos ? item.size() : eq);
    char* end = nullptr;
    const char* start = eq == std::string::npos ? "" : item.c_str() + eq + 1;
    const double value = std::strtod(start, &end);
    if (eq == std::string::npos || end == start || *end != '\0' || !(value >= 0))
      return "COLLSCOPE_COST_MODEL: '" + item + "' is not KEY=NUMBER ≥ 0";
    if (key == "o")
      model.o = value;
    else if (key == "g")
      model.g = value;
    else if (key == "alpha_node")
      model.alpha_node = value, model.charge_layout = true;
    else if (key == "beta_node")
      model.beta_node = value, model.charge_layout = true;
    else if (key == "lanes")
      model.lanes = static_cast<int>(value);
    else
      return "COLLSCOPE_COST_MODEL: unknown key '" + key + "' (o, g, alpha_node, beta_node, lanes)";
  }
  return "";
}

std::string apply_layout_environment(CostModel& model, int p) {
  std::string error;
  const std::optional<schedule::NodeSpec> spec = node_spec_from_environment(error);
  if (!spec) return error;
  const std::optional<schedule::NodeLayout> layout = schedule::layout_for(*spec, p, error);
  if (!layout) return error;
  apply_layout(model, *layout);
  return "";
}

void apply_layout(CostModel& model, const schedule::NodeLayout& layout) {
  const std::vector<int> sizes = layout.sizes();
  model.nodes = static_cast<int>(sizes.size());
  model.per_node = *std::max_element(sizes.begin(), sizes.end());
  model.regular_nodes = layout.regular();
  model.consecutive = layout.rank_ordered();
}

void apply_network_loggp(CostModel& model, const std::string& network_file_text) {
  if (const auto o = detail::json_number(network_file_text, "o_s"); o && *o >= 0) model.o = *o;
  if (const auto g = detail::json_number(network_file_text, "g_s"); g && *g >= 0) model.g = *g;
}

} // namespace collscope
