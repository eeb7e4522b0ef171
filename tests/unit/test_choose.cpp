// --algorithm auto's chooser (collscope/algorithms/choose.hpp): it must pick the minimum of the
// registry's cost formulas among the algorithms that accept the call, skip those that refuse,
// and choose the same way every time. The minimum is recomputed here independently: every
// block count M in 1..count, the refusal rules read from the registry's flags.
#include "collscope/algorithms/choose.hpp"
#include "collscope/algorithms/registry.hpp"
#include "collscope/schedule/formula.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

using namespace collscope;

namespace {

using C = Collective;

constexpr C regular[] = {C::gather,
                         C::scatter,
                         C::bcast,
                         C::reduce,
                         C::allgather,
                         C::allreduce,
                         C::reduce_scatter_block,
                         C::scan,
                         C::exscan,
                         C::alltoall};

std::string label(const Algorithm& a) {
  return std::string(to_string(a.collective)) + " " + std::string(a.name);
}

/// The test's own reading of who may run the call (flat model, no node layout).
bool admissible(const Algorithm& a, const CallShape& call) {
  if (a.collective != call.collective || a.is_native() || a.hierarchical() || !a.cost.of)
    return false;
  if (a.commutative_only && !call.commutative) return false;
  if (a.power_of_two_only && (call.p & (call.p - 1)) != 0) return false;
  return true;
}

/// The smallest prediction of `a`, trying every M in 1..count for pipelined algorithms and
/// every radix k in 2..p for k-nomial ones (a Parameter::radix, where the registry has it).
double exhaustive_minimum(const Algorithm& a, const CallShape& call, const CostModel& model) {
  const double m = *formula_bytes(call.collective, call.p, call.count, call.type_size);
  auto at = [&](int value) { return detail::flat_seconds(a, call.p, m, model, value); };
  double best = std::numeric_limits<double>::infinity();
  if (a.uses_blocks())
    for (int blocks = 1; blocks <= std::max(1, call.count); ++blocks)
      best = std::min(best, at(blocks));
  else if (detail::radix_parameter() != Parameter::none && a.parameter == detail::radix_parameter())
    for (int k = 2; k <= std::max(2, call.p); ++k) best = std::min(best, at(k));
  else
    best = at(0);
  return best;
}

void check_choice(const CallShape& call, const CostModel& model) {
  const Choice choice = choose_algorithm(call, model);
  INFO(to_string(call.collective) << " p=" << call.p << " count=" << call.count
                                  << " commutative=" << call.commutative);
  REQUIRE(choice.ok());
  double minimum = std::numeric_limits<double>::infinity();
  std::size_t admitted = 0;
  for (const Algorithm& a : algorithms()) {
    if (!admissible(a, call)) continue;
    ++admitted;
    minimum = std::min(minimum, exhaustive_minimum(a, call, model));
  }
  CHECK(choice.ranked.size() == admitted);
  const Candidate& best = choice.best();
  INFO("chosen " << label(*best.algorithm) << " M=" << best.parameter << " " << best.seconds);
  CHECK(admissible(*best.algorithm, call));
  // The printed prediction is the formula at the chosen M, and no admissible algorithm at any
  // M is faster.
  const double m = *formula_bytes(call.collective, call.p, call.count, call.type_size);
  // A k-ported entry (`ported`, the k-nomial trees) is charged as the model's ports say: on one
  // link the latencies of a level overlap and its bytes take turns.
  const Algorithm& chosen = *best.algorithm;
  const int value = std::max(1, best.parameter);
  double expected = chosen.cost.of(call.p, m, model.alpha, model.beta, value);
  if (chosen.ported.of && model.ports == Ports::one_link)
    expected = chosen.ported.of(call.p, m, model.alpha, 0.0, value) +
               chosen.cost.of(call.p, m, 0.0, model.beta, value);
  else if (chosen.ported.of && model.ports == Ports::k_ported)
    expected = chosen.ported.of(call.p, m, model.alpha, model.beta, value);
  CHECK(best.seconds == expected);
  CHECK(best.seconds <= minimum * (1 + 1e-12));
  for (std::size_t i = 1; i < choice.ranked.size(); ++i)
    CHECK(choice.ranked[i - 1].seconds <= choice.ranked[i].seconds);
  for (const Refusal& r : choice.refused) CHECK_FALSE(admissible(*r.algorithm, call));
}

} // namespace

TEST_CASE("auto picks the minimum of the cost formulas over every admissible algorithm") {
  const CostModel model; // collscope's α = 1 µs, β = 0.2 ns/byte
  for (C collective : regular)
    for (int p = 1; p <= 64; p += (p < 12 ? 1 : 13))
      for (int count : {0, 1, 7, 300})
        for (bool commutative : {true, false})
          check_choice({.collective = collective,
                        .p = p,
                        .count = count,
                        .type_size = 4,
                        .commutative = commutative},
                       model);
}

TEST_CASE("auto's block count is the formula's minimum at large counts and other α-β") {
  for (const CostModel& model : {CostModel{}, CostModel{.alpha = 5e-5, .beta = 1e-9}})
    for (int p : {48, 64, 96})
      for (C collective : {C::bcast, C::reduce, C::allreduce, C::scan})
        check_choice({.collective = collective, .p = p, .count = 6000, .type_size = 4}, model);
}

TEST_CASE("auto skips the algorithms that refuse the call, and says why") {
  for (int p : {3, 5, 6, 12, 48, 96}) {
    for (C collective : regular) {
      const Choice choice =
          choose_algorithm({.collective = collective, .p = p, .count = 64, .commutative = false});
      for (const Candidate& c : choice.ranked) {
        CHECK_FALSE(c.algorithm->commutative_only);
        CHECK_FALSE(c.algorithm->power_of_two_only);
        CHECK_FALSE(c.algorithm->hierarchical());
        CHECK_FALSE(c.algorithm->is_native());
      }
      for (const Algorithm& a : algorithms())
        if (a.collective == collective &&
            (a.commutative_only || a.power_of_two_only || a.hierarchical() || a.is_native())) {
          bool listed = false;
          for (const Refusal& r : choice.refused)
            if (r.algorithm == &a) listed = !r.reason.empty();
          CHECK(listed);
        }
    }
  }
}

TEST_CASE("auto considers hierarchical algorithms only with a node layout") {
  const CallShape call{.collective = C::allreduce, .p = 16, .count = 1000};
  const auto hierarchical_candidates = [&](const CostModel& model) {
    int n = 0;
    for (const Candidate& c : choose_algorithm(call, model).ranked)
      n += c.algorithm->hierarchical();
    return n;
  };
  int registered = 0;
  for (const Algorithm& a : algorithms())
    registered += a.collective == C::allreduce && a.hierarchical();
  CHECK(hierarchical_candidates({}) == 0);
  CHECK(hierarchical_candidates({.nodes = 4, .per_node = 4, .regular_nodes = true}) == registered);
  // Irregular nodes: full-lane refuses, the plain hierarchical ones stay.
  int lanes = 0;
  for (const Algorithm& a : algorithms()) lanes += a.collective == C::allreduce && a.full_lane();
  CHECK(hierarchical_candidates({.nodes = 4, .per_node = 5, .regular_nodes = false}) ==
        registered - lanes);
}

TEST_CASE("auto is deterministic and refuses collectives of unequal blocks") {
  for (C collective : regular) {
    const CallShape call{.collective = collective, .p = 24, .count = 100};
    const Choice a = choose_algorithm(call), b = choose_algorithm(call);
    REQUIRE(a.ok());
    REQUIRE(a.ranked.size() == b.ranked.size());
    for (std::size_t i = 0; i < a.ranked.size(); ++i) {
      CHECK(a.ranked[i].algorithm == b.ranked[i].algorithm);
      CHECK(a.ranked[i].parameter == b.ranked[i].parameter);
    }
    CHECK(a.summary() == b.summary());
    CHECK(a.summary().starts_with(std::string(a.best().algorithm->name)));
  }
  // count 0: every formula with m = 0 ties on its α term; ties keep registry order.
  const Choice zero = choose_algorithm({.collective = C::allgather, .p = 8, .count = 0});
  for (std::size_t i = 1; i < zero.ranked.size(); ++i)
    if (zero.ranked[i - 1].seconds == zero.ranked[i].seconds)
      CHECK(zero.ranked[i - 1].algorithm < zero.ranked[i].algorithm);
  for (C collective : {C::gatherv, C::scatterv, C::allgatherv, C::reduce_scatter, C::alltoallv}) {
    const Choice none = choose_algorithm({.collective = collective, .p = 8, .count = 10});
    CHECK_FALSE(none.ok());
    CHECK_FALSE(none.error.empty());
  }
}

TEST_CASE("auto keeps a given block count (--blocks) for every pipelined candidate") {
  const Choice choice =
      choose_algorithm({.collective = C::bcast, .p = 16, .count = 1000, .blocks = 7});
  REQUIRE(choice.ok());
  int pipelined = 0;
  for (const Candidate& c : choice.ranked)
    if (c.algorithm->uses_blocks()) {
      ++pipelined;
      CHECK(c.parameter == 7);
      CHECK(c.seconds ==
            c.algorithm->cost.of(16, 4000.0, default_alpha_s, default_beta_s_per_byte, 7));
    }
  CHECK(pipelined > 0);
}

namespace {

// An entry with a k-ported formula beside its one-ported one, as k-nomial trees have.
struct PortedEntry {
  schedule::CostFormula cost, ported;
};

double levels(int p, int k) {
  int n = 0;
  for (long long reach = 1; reach < p; reach *= k) ++n;
  return n;
}

} // namespace

TEST_CASE("auto charges messages posted at once by the model's ports") {
  const PortedEntry knomial{
      {"≤ (k−1)⌈log_k p⌉(α + βm)", [](int p, double m, double a, double b,
                                      int k) { return (k - 1) * levels(p, k) * (a + b * m); }},
      {"⌈log_k p⌉(α + βm)",
       [](int p, double m, double a, double b, int k) { return levels(p, k) * (a + b * m); }}};
  const double a = 1e-6, b = 2e-10, m = 4096;
  for (int p : {2, 5, 16, 64})
    for (int k : {2, 3, 4, 8}) {
      const auto seconds = [&](Ports ports) {
        return detail::flat_seconds(knomial, p, m, {.alpha = a, .beta = b, .ports = ports}, k);
      };
      const double n = levels(p, k);
      CHECK(seconds(Ports::one) == Approx((k - 1) * n * (a + b * m)));
      CHECK(seconds(Ports::k_ported) == Approx(n * (a + b * m)));
      // One link: the latencies of a level overlap, its k − 1 messages' bytes take turns.
      CHECK(seconds(Ports::one_link) == Approx(n * a + (k - 1) * n * b * m));
    }
  // Without a k-ported formula every model is the one-ported cost.
  const Algorithm& ring = *find_algorithm(C::allgather, "ring");
  for (Ports ports : {Ports::one, Ports::k_ported, Ports::one_link})
    CHECK(detail::flat_seconds(ring, 8, m, {.alpha = a, .beta = b, .ports = ports}, 1) ==
          ring.cost.of(8, m, a, b, 1));
}

TEST_CASE("auto's platform model: all zero is the α-β choice, o per message at each end") {
  const CallShape call{.collective = C::bcast, .p = 64, .count = 1000};
  const Algorithm& preorder = *find_algorithm(C::bcast, "binomial-preorder");
  const double a = 1e-6, b = 2e-10, m = 4000;
  // No o, g or layout: predictions and the ranking are the α-β ones.
  const Choice plain = choose_algorithm(call, {});
  const Choice zero = choose_algorithm(call, {.o = 0, .g = 0, .charge_layout = false, .lanes = 0});
  REQUIRE(plain.ranked.size() == zero.ranked.size());
  for (std::size_t i = 0; i < plain.ranked.size(); ++i) {
    CHECK(plain.ranked[i].algorithm == zero.ranked[i].algorithm);
    CHECK(plain.ranked[i].seconds == zero.ranked[i].seconds);
  }
  CHECK(predict_at(preorder, call, {}, 0) == Approx(6 * (a + b * m)));
  // o at the sender and the receiver of every round's message.
  const double o = 5e-7;
  CHECK(predict_at(preorder, call, {.o = o, .g = o}, 0) == Approx(6 * (a + 2 * o + b * m)));
  // An all-at-once schedule pays max(o, g) per message it posts beyond one per level: the
  // k-nomial bcast of k = p is a star, its root posts p − 1 sends in one level. On one link
  // the posted messages are in flight meanwhile (LogGP: consecutive sends max(g, mG) apart),
  // so the posting and the link's bytes overlap: α + 2o + max(63βm, 62·max(o, g)).
  const Algorithm& knomial = *find_algorithm(C::bcast, "knomial");
  REQUIRE(knomial.ported.of);
  for (const double g : {0.0, 2 * o, 4 * o})
    for (const int count : {1, 100, 1000}) {
      CAPTURE(g, count);
      const CallShape star{.collective = C::bcast, .p = 64, .count = count};
      const double bytes = 63 * b * 4 * count, posting = 62 * std::max(o, g);
      CHECK(predict_at(knomial, star, {.o = o, .g = g}, 64) ==
            Approx(a + 2 * o + std::max(bytes, posting)));
    }
  // Every rank of an alltoall posts its p − 1 sends and receives its p − 1 messages: o at both
  // ends, against the bytes it sends: α + 2o + max((p − 1)βm/p, 2(p − 2)o) at p = 64.
  const Algorithm& linear = *find_algorithm(C::alltoall, "linear");
  for (const int count : {1, 64, 1024}) {
    CAPTURE(count);
    const CallShape all{.collective = C::alltoall, .p = 64, .count = count};
    const double bytes = 63 * b * 4 * count, posting = 2 * 62 * o;
    CHECK(predict_at(linear, all, {.o = o, .g = o}, 0) ==
          Approx(a + 2 * o + std::max(bytes, posting)));
  }
}

// scripts/simulate's cluster:NxC with --overhead 0.5us as auto sees it: α = 1 µs and β = 0.2
// ns/byte between nodes, 0.25 µs and 0.1 ns/byte inside, o = g = 0.5 µs, one link per node.
namespace nxc {
constexpr double a = 1e-6, b = 2e-10, an = 2.5e-7, bn = 1e-10, o = 5e-7;
CostModel multi_core(int nodes, int per_node) {
  return {.alpha = a,
          .beta = b,
          .alpha_node = an,
          .beta_node = bn,
          .nodes = nodes,
          .per_node = per_node,
          .regular_nodes = true,
          .o = o,
          .g = o,
          .charge_layout = true,
          .consecutive = true,
          .lanes = 1};
}
} // namespace nxc

TEST_CASE("auto's platform model charges multi-core nodes") {
  using namespace nxc;
  const CostModel cluster = multi_core(4, 16);
  // A flat tree: the latencies of its 2 top levels between the 4 nodes, of its 4 bottom levels
  // inside them; all its bytes charged as 16 ranks sharing the node's link (the worst case),
  // as the bit-reversed binomial tree does send from all 16 ranks of a node at once.
  const CallShape one{.collective = C::bcast, .p = 64, .count = 1};
  const Algorithm& binomial = *find_algorithm(C::bcast, "binomial");
  CHECK(predict_at(binomial, one, cluster, 0) ==
        Approx(2 * (a + 2 * o) + 4 * (an + 2 * o) + 6 * 16 * b * 4));
  // The pre-order tree sends off a node from one rank a round: its bytes at β', unshared.
  const Algorithm& preorder = *find_algorithm(C::bcast, "binomial-preorder");
  REQUIRE(preorder.one_sender_per_node);
  CHECK(predict_at(preorder, one, cluster, 0) ==
        Approx(2 * (a + 2 * o) + 4 * (an + 2 * o) + 6 * b * 4));
  // Round-robin placement: the schedules' check says nothing of it, so the worst case stays.
  CostModel round_robin = cluster;
  round_robin.consecutive = false;
  CHECK(predict_at(preorder, one, round_robin, 0) ==
        Approx(2 * (a + 2 * o) + 4 * (an + 2 * o) + 6 * 16 * b * 4));
  // The same on one node: shared memory only.
  const CallShape node{.collective = C::bcast, .p = 16, .count = 1};
  CHECK(predict_at(preorder, node, cluster, 0) == Approx(4 * (an + 2 * o + bn * 4)));
  // The hierarchical bcast's two-level formula with o in both α.
  const Algorithm& hierarchical = *find_algorithm(C::bcast, "hierarchical");
  CHECK(predict_at(hierarchical, one, cluster, 0) ==
        Approx(2 * (a + 2 * o + b * 4) + 4 * (an + 2 * o + bn * 4)));
  // Without the layout charge (collscope-run --nodes on a real machine) the flat formulas stay.
  CostModel plain = cluster;
  plain.charge_layout = false;
  CHECK(predict_at(preorder, one, plain, 0) == Approx(6 * (a + 2 * o + b * 4)));
}

TEST_CASE("auto replays the hypercube's and Bruck's alltoall on multi-core nodes") {
  using namespace nxc;
  // Their formula is the same; the replay (schedule/exchange_replay.hpp) tells them apart:
  // 16 nodes of 16, Bruck (SimGrid 18.7 µs against the hypercube's 20.3); 4 of 16, the
  // hypercube (10.0 against 12.2). The chooser's figure is the replay's.
  const Algorithm& hypercube = *find_algorithm(C::alltoall, "hypercube");
  const Algorithm& bruck = *find_algorithm(C::alltoall, "bruck");
  REQUIRE(hypercube.exchange);
  REQUIRE(bruck.exchange);
  const auto rank_of = [](const Choice& c, const Algorithm& a) {
    for (std::size_t i = 0; i < c.ranked.size(); ++i)
      if (c.ranked[i].algorithm == &a) return static_cast<int>(i);
    return -1;
  };
  const CallShape big{.collective = C::alltoall, .p = 256, .count = 1};
  const Choice on16 = choose_algorithm(big, multi_core(16, 16));
  REQUIRE(on16.ok());
  CHECK(rank_of(on16, bruck) < rank_of(on16, hypercube));
  CHECK(predict_at(bruck, big, multi_core(16, 16), 0) == Approx(18.7e-6).epsilon(0.05));
  const CallShape small{.collective = C::alltoall, .p = 64, .count = 1};
  const Choice on4 = choose_algorithm(small, multi_core(4, 16));
  CHECK(rank_of(on4, hypercube) < rank_of(on4, bruck));
  CHECK(predict_at(hypercube, small, multi_core(4, 16), 0) == Approx(10.0e-6).epsilon(0.05));
  // Bruck in radix 2 is Bruck's schedule: replayed too, it no longer ties the hypercube on its
  // formula (9.87 µs) but takes Bruck's time (SimGrid 12.2).
  const Algorithm& radix = *find_algorithm(C::alltoall, "bruck-radix");
  REQUIRE(radix.exchange);
  CHECK(predict_at(radix, small, multi_core(4, 16), 2) ==
        Approx(predict_at(bruck, small, multi_core(4, 16), 0)));
  CHECK(rank_of(on4, hypercube) < rank_of(on4, radix));
  // Without o, or without the layout charge, their formula as before.
  CostModel plain = multi_core(16, 16);
  plain.o = 0;
  CHECK(predict_at(bruck, big, plain, 0) == predict_at(hypercube, big, plain, 0));
}

TEST_CASE("auto's platform model: a doubling's or halving's node rounds move what they move") {
  // Recursive doubling on N nodes of n ranks, placed in order: its first log₂n rounds stay in
  // the node, the last log₂N cross, every rank of a node at once on its one link. An allgather's
  // node rounds gather n − 1 blocks, its network rounds the other p − n; an alltoall's
  // combining rounds each move half of everything, m/2, inside as across; an allreduce's
  // butterfly the whole vector. (An allgather of 4 KiB blocks on 16 × 16 was predicted 308 µs
  // when the node rounds were charged with m: SimGrid measured 3379.)
  using namespace nxc;
  const Algorithm& doubling = *find_algorithm(C::allgather, "dissemination");
  const Algorithm& hypercube = *find_algorithm(C::alltoall, "hypercube");
  const Algorithm& butterfly = *find_algorithm(C::allreduce, "butterfly");
  const Algorithm& halving = *find_algorithm(C::reduce_scatter_block, "halving");
  const Algorithm& ordered = *find_algorithm(C::reduce_scatter_block, "ordered-halving");
  for (int nodes : {2, 4, 8, 16})
    for (int n : {2, 4, 8, 16})
      for (int count : {1, 64, 1024}) {
        const CostModel cluster = multi_core(nodes, n);
        const int p = nodes * n;
        const double across = std::log2(nodes), inside = std::log2(n);
        const double m = 4.0 * count * p; // p blocks of `count` ints
        CAPTURE(nodes, n, count);
        CHECK(predict_at(doubling, {.collective = C::allgather, .p = p, .count = count}, cluster,
                         0) == Approx(inside * (an + 2 * o) + (n - 1.0) / p * m * bn +
                                      across * (a + 2 * o) + (p - n) / double(p) * m * b * n));
        CHECK(predict_at(hypercube, {.collective = C::alltoall, .p = p, .count = count}, cluster,
                         0) ==
              Approx(inside * (an + 2 * o + bn * m / 2) + across * (a + 2 * o + b * n * m / 2)));
        // A reduce-scatter halves: `halving` (largest distance first) keeps its small rounds in
        // the node, `ordered-halving` (smallest first) its large ones.
        const CallShape scatter{.collective = C::reduce_scatter_block, .p = p, .count = count};
        CHECK(predict_at(halving, scatter, cluster, 0) ==
              Approx(inside * (an + 2 * o) + (n - 1.0) / p * m * bn + across * (a + 2 * o) +
                     (p - n) / double(p) * m * b * n));
        CHECK(predict_at(ordered, scatter, cluster, 0) ==
              Approx(inside * (an + 2 * o) + (n - 1.0) / n * m * bn + across * (a + 2 * o) +
                     ((p - 1.0) / p - (n - 1.0) / n) * m * b * n));
        // An alltoall that sends each block alone: n − 1 of its p − 1 rounds inside the node.
        const Algorithm& direct = *find_algorithm(C::alltoall, "direct");
        CHECK(
            predict_at(direct, {.collective = C::alltoall, .p = p, .count = count}, cluster, 0) ==
            Approx((n - 1.0) * (an + 2 * o + bn * m / p) + (p - n) * (a + 2 * o + b * n * m / p)));
        const double v = 4.0 * count; // allreduce: m is the vector
        CHECK(predict_at(butterfly, {.collective = C::allreduce, .p = p, .count = count}, cluster,
                         0) ==
              Approx(inside * (an + 2 * o + bn * v) + across * (a + 2 * o + b * n * v)));
      }
}

TEST_CASE("COLLSCOPE_COST_MODEL and the network file's LogGP fill the platform model") {
  CostModel model;
  setenv("COLLSCOPE_COST_MODEL", "o=5e-07 g=6e-07 alpha_node=2.5e-07 beta_node=1e-10 lanes=1", 1);
  CHECK(apply_cost_environment(model).empty());
  CHECK(model.o == 5e-7);
  CHECK(model.g == 6e-7);
  CHECK(model.alpha_node == 2.5e-7);
  CHECK(model.beta_node == 1e-10);
  CHECK(model.lanes == 1);
  CHECK(model.charge_layout);
  setenv("COLLSCOPE_COST_MODEL", "o=fast", 1);
  CHECK(apply_cost_environment(model).find("'o=fast' is not KEY=NUMBER") != std::string::npos);
  setenv("COLLSCOPE_COST_MODEL", "latency=1", 1);
  CHECK(apply_cost_environment(model).find("unknown key 'latency'") != std::string::npos);
  unsetenv("COLLSCOPE_COST_MODEL");
  CostModel fresh;
  CHECK(apply_cost_environment(fresh).empty());
  CHECK(fresh.o == 0);
  CHECK_FALSE(fresh.charge_layout);
  apply_network_loggp(fresh, R"({"alpha_s": 1e-6, "loggp": {"o_s": 3e-7, "g_s": 4e-7}})");
  CHECK(fresh.o == 3e-7);
  CHECK(fresh.g == 4e-7);
}
