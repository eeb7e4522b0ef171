// Every round count and cost collscope-run prints is the text of a registry entry; these
// tests read each text back as a formula and hold it to the entry's function over p, m, M,
// α and β, so the printed claim and the computed number cannot drift apart.
#include "collscope/algorithms/registry.hpp"
#include "collscope/schedule/formula.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <set>
#include <string>

using namespace collscope;
using schedule::evaluate_formula;
using schedule::FormulaValues;

namespace {

std::string label(const Algorithm& a) {
  return std::string(to_string(a.collective)) + " " + std::string(a.name);
}

bool close(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

} // namespace

TEST_CASE("every registry text evaluates to its function for p = 2..64") {
  for (const Algorithm& a : algorithms()) {
    if (a.is_native() || a.mock_up()) { // the library's schedule: no formula to print
      CHECK(a.rounds.text.empty());
      CHECK(a.cost.text.empty());
      CHECK_FALSE(a.rounds.of);
      CHECK_FALSE(a.cost.of);
      continue;
    }
    if (a.hierarchical()) continue; // two-level formulas: the next test
    if (a.neighborhood()) continue; // s and d: test_neighbor_formulas.cpp
    if (a.block_cost.of) continue;  // block-size bounds: a test of their own below
    INFO(label(a) << ": rounds '" << a.rounds.text << "', cost '" << a.cost.text << "'");
    REQUIRE(a.rounds.of);
    REQUIRE(a.cost.of);
    for (int p = 2; p <= 64; ++p)
      for (int blocks : {1, 2, 5, 64})
        for (double m : {0.0, 1.0, 4000.0, 1e8})
          for (const auto& [alpha, beta] : {std::pair{1e-6, 2e-10}, {3.0, 0.25}}) {
            // k-nomial trees get the radix k = M + 1 (≥ 2) as the functions' blocks argument.
            const int k = blocks + 1;
            const int parameter = a.uses_radix() ? k : blocks;
            INFO("p=" << p << " M=" << blocks << " k=" << k << " m=" << m << " α=" << alpha
                      << " β=" << beta);
            const FormulaValues v{.p = double(p),
                                  .m = m,
                                  .blocks = double(blocks),
                                  .alpha = alpha,
                                  .beta = beta,
                                  .radix = double(k)};
            const auto rounds = evaluate_formula(a.rounds.text, v);
            const auto cost = evaluate_formula(a.cost.text, v);
            REQUIRE(rounds);
            REQUIRE(cost);
            REQUIRE(*rounds == a.rounds.of(p, parameter));
            REQUIRE(close(*cost, a.cost.of(p, m, alpha, beta, parameter)));
            if (a.ported.of) {
              INFO("ported '" << a.ported.text << "'");
              const auto ported = evaluate_formula(a.ported.text, v);
              REQUIRE(ported);
              REQUIRE(close(*ported, a.ported.of(p, m, alpha, beta, parameter)));
            }
          }
  }
}

TEST_CASE("every block-size bound (allgatherv) evaluates to its function, mₘₐₓ and b included") {
  int block_costs = 0;
  for (const Algorithm& a : algorithms()) {
    if (!a.block_cost.of) continue;
    ++block_costs;
    INFO(label(a) << ": rounds '" << a.rounds.text << "', cost '" << a.block_cost.text << "'");
    CHECK(a.cost.text.empty());
    REQUIRE(a.rounds.of);
    for (int p = 2; p <= 64; ++p)
      for (int blocks : {1, 2, 5, 64})
        for (double m : {1.0, 4000.0, 1e8})
          for (const auto& [alpha, beta] : {std::pair{1e-6, 2e-10}, {3.0, 0.25}}) {
            // Largest block and piece distinct from m and from each other, so a text that
            // names the wrong one fails.
            const FormulaValues v{.p = double(p),
                                  .m = m,
                                  .blocks = double(blocks),
                                  .alpha = alpha,
                                  .beta = beta,
                                  .largest = m / 3,
                                  .piece = m / 7};
            INFO("p=" << p << " M=" << blocks << " m=" << m << " α=" << alpha << " β=" << beta);
            const auto rounds = evaluate_formula(a.rounds.text, v);
            const auto cost = evaluate_formula(a.block_cost.text, v);
            REQUIRE(rounds);
            REQUIRE(cost);
            REQUIRE(*rounds == a.rounds.of(p, blocks));
            REQUIRE(close(*cost, a.block_cost.of(v)));
          }
    CHECK(
        a.block_cost.of(
            {.p = 1, .m = 1e6, .blocks = 3, .alpha = 1, .beta = 1, .largest = 1e6, .piece = 10}) ==
        0);
  }
  CHECK(block_costs == 2);
}

TEST_CASE("every two-level text evaluates to its function for N, n = 1..16") {
  int hierarchical = 0;
  for (const Algorithm& a : algorithms()) {
    if (!a.hierarchical()) continue;
    ++hierarchical;
    INFO(label(a) << ": rounds '" << a.two_level.rounds_text << "', cost '" << a.two_level.cost_text
                  << "'");
    CHECK(a.rounds.text.empty());
    CHECK(a.cost.text.empty());
    REQUIRE(a.two_level.cost);
    for (int N = 1; N <= 16; ++N)
      for (int n = 1; n <= 16; ++n)
        for (double m : {0.0, 1.0, 4000.0, 1e8})
          for (const auto& [alpha, beta] : {std::pair{1e-6, 2e-10}, {3.0, 0.25}}) {
            INFO("N=" << N << " n=" << n << " m=" << m << " α=" << alpha << " β=" << beta);
            // Distinct values between nodes, so a text that swaps α and α' fails.
            const FormulaValues v{.p = double(N * n),
                                  .m = m,
                                  .alpha = alpha,
                                  .beta = beta,
                                  .nodes = double(N),
                                  .per_node = double(n),
                                  .alpha_net = 7 * alpha,
                                  .beta_net = 5 * beta};
            const auto rounds = evaluate_formula(a.two_level.rounds_text, v);
            const auto cost = evaluate_formula(a.two_level.cost_text, v);
            REQUIRE(rounds);
            REQUIRE(cost);
            REQUIRE(*rounds == a.two_level.rounds(N, n));
            REQUIRE(close(*cost, a.two_level.cost(v)));
          }
    // One process: nothing to send.
    const FormulaValues one{.p = 1,
                            .m = 1e6,
                            .alpha = 1,
                            .beta = 1,
                            .nodes = 1,
                            .per_node = 1,
                            .alpha_net = 1,
                            .beta_net = 1};
    CHECK(a.two_level.rounds(1, 1) == 0);
    CHECK(a.two_level.cost(one) == 0);
  }
  CHECK(hierarchical > 0);
}

TEST_CASE("one process sends nothing: every algorithm takes 0 rounds and costs 0") {
  for (const Algorithm& a : algorithms()) {
    if (a.is_native() || a.mock_up() || a.hierarchical() || a.block_cost.of || a.neighborhood())
      continue;
    INFO(label(a));
    for (int blocks : {1, 3}) {
      const int parameter = a.uses_radix() ? blocks + 1 : blocks;
      CHECK(a.rounds.of(1, parameter) == 0);
      CHECK(a.cost.of(1, 1e6, 1e-6, 2e-10, parameter) == 0);
      if (a.ported.of) CHECK(a.ported.of(1, 1e6, 1e-6, 2e-10, parameter) == 0);
    }
  }
}

TEST_CASE("the radix algorithms: k = 2 is binomial (Bruck), more ports never cost more") {
  int radix_algorithms = 0;
  for (const Algorithm& a : algorithms()) {
    if (!a.uses_radix()) continue;
    ++radix_algorithms;
    INFO(label(a));
    const bool bruck = a.collective == Collective::alltoall;
    const Algorithm* binary = find_algorithm(a.collective, bruck ? "bruck" : "binomial");
    REQUIRE(binary);
    CHECK(bool(a.ported.of) != bruck); // the trees post a level's messages at once
    for (int p = 1; p <= 64; ++p) {
      CHECK(a.rounds.of(p, 2) == binary->rounds.of(p, 1));
      CHECK(close(a.cost.of(p, 4000, 1e-6, 2e-10, 2), binary->cost.of(p, 4000, 1e-6, 2e-10, 1)));
      if (a.ported.of)
        for (int k = 2; k <= 9; ++k)
          CHECK(a.ported.of(p, 4000, 1e-6, 2e-10, k) <= a.cost.of(p, 4000, 1e-6, 2e-10, k) + 1e-15);
    }
  }
  CHECK(radix_algorithms == 5);
}

TEST_CASE("registry names are unique per collective and each group ends with native") {
  std::set<std::pair<Collective, std::string_view>> seen;
  const auto all = algorithms();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Algorithm& a = all[i];
    INFO(label(a));
    CHECK(seen.insert({a.collective, a.name}).second);
    CHECK(find_algorithm(a.collective, a.name) == &a);
    CHECK(parse_collective(to_string(a.collective)) == a.collective);
    const bool last_of_group = i + 1 == all.size() || all[i + 1].collective != a.collective;
    CHECK(last_of_group == a.is_native());
    CHECK((a.name == "native") == a.is_native());
  }
}
