// Explicit gather schedules and the α-β times of gather and scatter along them: the linear and
// binomial baselines against their closed forms, and the "ordered" property.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/gather_schedule.hpp"
#include "collscope/schedule/irregular_problem.hpp"
#include "problem_cases.hpp"

#include <catch2/catch.hpp>
#include <numeric>

using namespace collscope::schedule;

TEST_CASE("linear schedule: (p − 1)α + β·Σ_{i≠r} m_i, gather and scatter", "[schedule]") {
  for (int p = 1; p <= 64; ++p)
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << ", root = " << root);
      const GatherSchedule s = linear_schedule(p, root);
      REQUIRE(schedule_root(s) == root);
      const auto blocks = collscope::test::widen(problem_blocks(Problem::random, p, 10, 1));
      const std::int64_t others =
          std::accumulate(blocks.begin(), blocks.end(), std::int64_t{0}) - blocks[root];
      const double expected = (p - 1) * 2.0 + 0.5 * static_cast<double>(others);
      REQUIRE(gather_time(s, blocks, {2.0, 0.5, true, false}) == Approx(expected));
      REQUIRE(scatter_time(s, blocks, {2.0, 0.5, true, false}) == Approx(expected));
      // Only blocks that exist are sent.
      const auto two = collscope::test::widen(problem_blocks(Problem::two_blocks, p, 10, 1));
      const int messages = p == 1 ? 0 : root == 0 || root == p - 1 ? 1 : 2;
      REQUIRE(gather_time(s, two, {1.0, 0.0, true, false}) == messages);
      REQUIRE(is_ordered(s) == (root <= 1)); // root r ≥ 2 first receives 0, far from r
    }
}

TEST_CASE("binomial schedule: ⌈log₂p⌉α + (p − 1)βb for equal blocks", "[schedule]") {
  for (int p = 1; p <= 64; ++p)
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << ", root = " << root);
      const GatherSchedule s = binomial_schedule(p, root);
      REQUIRE(schedule_root(s) == root);
      const std::vector<std::int64_t> blocks(static_cast<std::size_t>(p), 4);
      const double expected = ceil_log2(p) * 3.0 + (p - 1) * 4.0;
      REQUIRE(gather_time(s, blocks, {3.0, 1.0, false, false}) == expected);
      REQUIRE(scatter_time(s, blocks, {3.0, 1.0, false, false}) == expected);
      if (root == 0) REQUIRE(is_ordered(s)); // subtrees [v, v + 2^k) grow upwards
    }
}

TEST_CASE("ordered: every message one run of consecutive blocks", "[schedule]") {
  // root 2 of 0..4: receives 1 (holds 1..2), then 3 (1..3), then 0, then 4.
  GatherSchedule s(5);
  s[2].receives = {1, 3, 0, 4};
  for (int v : {0, 1, 3, 4}) s[v].parent = 2;
  REQUIRE(is_ordered(s));
  s[2].receives = {0, 1, 3, 4}; // 0 is not next to {2}
  REQUIRE_FALSE(is_ordered(s));
  // 4 → 3 → 2: subtree of 3 is {3, 4}; 0 → 1 → 2.
  GatherSchedule chain(5);
  chain[4].parent = 3, chain[3].parent = 2, chain[0].parent = 1, chain[1].parent = 2;
  chain[3].receives = {4};
  chain[1].receives = {0};
  chain[2].receives = {3, 1};
  REQUIRE(is_ordered(chain));
  // 4 → 1: the subtree {1, 4} is not contiguous.
  chain[4].parent = 1, chain[3].receives.clear(), chain[1].receives = {0, 4};
  REQUIRE_FALSE(is_ordered(chain));
  REQUIRE(subtree_bytes(chain, std::vector<std::int64_t>{1, 2, 4, 8, 16})[1] == 19);
}

TEST_CASE("gather time waits for late subtrees and skips empty messages", "[schedule]") {
  // 3 → 2 → 0 ← 1, root 0 receives 1 then 2: 2 is ready at α + βm_3.
  GatherSchedule s(4);
  s[1].parent = 0, s[2].parent = 0, s[3].parent = 2;
  s[0].receives = {1, 2};
  s[2].receives = {3};
  const std::vector<std::int64_t> m{0, 1, 1, 10};
  REQUIRE(gather_time(s, m, {1.0, 1.0, true, false}) == (1 + 10) + (1 + 11));
  REQUIRE(gather_time(s, m, {1.0, 1.0, true, true}) == 10 + (1 + 10) + (1 + 11)); // 3 copies
  const std::vector<std::int64_t> empty_leaf{5, 0, 1, 0};
  REQUIRE(gather_time(s, empty_leaf, {1.0, 1.0, true, false}) == 1 + 1); // only 2 → 0
  REQUIRE(gather_time(s, empty_leaf, {1.0, 1.0, false, false}) == 1 + (1 + 1) + 0);
  // Scatter: 0 sends 2 its subtree first, then 1; 2 forwards to 3.
  REQUIRE(scatter_time(s, m, {1.0, 1.0, true, false}) == (1 + 11) + (1 + 10));
}
