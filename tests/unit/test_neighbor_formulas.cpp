// The neighbourhood collectives' printed formulas (s neighbours, d dimensions, m bytes per
// block) against their functions, as test_registry_formulas.cpp does for the others.
#include "collscope/algorithms/registry.hpp"
#include "collscope/schedule/formula.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace collscope;
using schedule::evaluate_formula;
using schedule::FormulaValues;

TEST_CASE("every neighbourhood text evaluates to its function over s, d, m, α and β") {
  int neighborhood = 0;
  for (const Algorithm& a : algorithms()) {
    if (!a.neighborhood()) continue;
    REQUIRE(a.neighbor);
    if (a.is_native()) {
      CHECK(a.neighbor_formula.cost_text.empty());
      continue;
    }
    ++neighborhood;
    const auto& f = a.neighbor_formula;
    INFO(to_string(a.collective) << " " << a.name << ": rounds '" << f.rounds_text << "', cost '"
                                 << f.cost_text << "'");
    CHECK(a.rounds.text.empty());
    CHECK(a.cost.text.empty());
    REQUIRE(f.rounds);
    REQUIRE(f.cost);
    for (int d = 1; d <= 3; ++d)
      for (int s : {2 * d, 8, 26})
        for (double m : {0.0, 1.0, 4000.0, 1e8})
          for (const auto& [alpha, beta] : {std::pair{1e-6, 2e-10}, {3.0, 0.25}}) {
            INFO("s=" << s << " d=" << d << " m=" << m << " α=" << alpha << " β=" << beta);
            const FormulaValues v{.p = 64,
                                  .m = m,
                                  .alpha = alpha,
                                  .beta = beta,
                                  .neighbors = double(s),
                                  .dimensions = double(d)};
            const auto rounds = evaluate_formula(f.rounds_text, v);
            const auto cost = evaluate_formula(f.cost_text, v);
            REQUIRE(rounds);
            REQUIRE(cost);
            REQUIRE(*rounds == f.rounds(s, d));
            REQUIRE(std::abs(*cost - f.cost(v)) <= 1e-9 * std::max(1.0, std::abs(*cost)));
          }
    // No neighbours: nothing to send.
    CHECK(f.rounds(0, 2) == 0);
    CHECK(f.cost({.m = 100, .alpha = 1, .beta = 1, .neighbors = 0, .dimensions = 2}) == 0);
  }
  CHECK(neighborhood == 4);
}

TEST_CASE("the formula grammar reads s and d") {
  const FormulaValues v{.m = 10, .alpha = 1, .beta = 0.5, .neighbors = 8, .dimensions = 2};
  CHECK(evaluate_formula("2dα + 2(s − d)βm", v) == 4 + 2 * 6 * 5);
  CHECK(evaluate_formula("s(α + βm)", v) == 8 * 6);
}
