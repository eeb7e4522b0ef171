// collscope-guidelines' statistics and judgement without MPI: the rank-sum test against R's
// wilcox.test (its help page's example, exact) and against values computed by hand with R's
// normal approximation (ties, continuity correction); the exact distribution against brute
// force; the RSE, NREP and the violation rule (both conditions needed); the profile ranges.
#define CATCH_CONFIG_MAIN
#include "detect.hpp"
#include "nrep.hpp"
#include "stats.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace collscope::guidelines;

namespace {

/// P(W ≤ w) by listing every way to place nx ranks among nx + ny (no ties).
double brute_force_cdf(int w, int nx, int ny) {
  const int n = nx + ny;
  long long below = 0, all = 0;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    if (__builtin_popcount(mask) != nx) continue;
    int ranks = 0;
    for (int i = 0; i < n; ++i)
      if (mask & (1u << i)) ranks += i + 1;
    ++all;
    if (ranks - nx * (nx + 1) / 2 <= w) ++below;
  }
  return static_cast<double>(below) / static_cast<double>(all);
}

Measurement measured(const char* name, std::int64_t bytes, std::vector<std::vector<double>> runs) {
  Measurement m;
  m.algorithm = name;
  m.bytes = bytes;
  m.runs = std::move(runs);
  return m;
}

} // namespace

TEST_CASE("rank-sum test: R's wilcox.test help example, exact", "[guidelines]") {
  // ?wilcox.test (Hollander & Wolfe): wilcox.test(x, y, alternative = "g") gives W = 35,
  // p-value = 0.1272; "x greater than y" is "y less than x" with W = nx·ny − 35 = 15.
  const std::vector<double> x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
  const std::vector<double> y = {1.15, 0.88, 0.90, 0.74, 1.21};
  const RankSum r = rank_sum_less(y, x);
  CHECK(r.exact);
  CHECK(r.w == 15);
  CHECK(r.p_value == Approx(0.1272061).epsilon(1e-6));
  // wilcox.test(x, y, alternative = "l"): W = 35, p = pwilcox(35, 10, 5) = 0.8968.
  const RankSum other = rank_sum_less(x, y);
  CHECK(other.w == 35);
  CHECK(other.p_value == Approx(brute_force_cdf(35, 10, 5)).epsilon(1e-9));
  CHECK(other.p_value == Approx(0.8967699).epsilon(1e-6));
}

TEST_CASE("rank-sum exact distribution equals brute force", "[guidelines]") {
  for (int nx = 1; nx <= 7; ++nx)
    for (int ny = 1; ny <= 7; ++ny)
      for (int w = -1; w <= nx * ny; ++w) CHECK(rank_sum_cdf(w, nx, ny) == Approx(brute_force_cdf(w, nx, ny)));
  // No overlap, 5 against 5: the smallest exact p, 1/C(10,5) = 1/252.
  const std::vector<double> fast = {1, 2, 3, 4, 5}, slow = {6, 7, 8, 9, 10};
  CHECK(rank_sum_less(fast, slow).p_value == Approx(1.0 / 252));
  CHECK(rank_sum_less(slow, fast).p_value == Approx(1.0));
}

TEST_CASE("rank-sum normal approximation with ties, as R computes it", "[guidelines]") {
  // x = 1,2,2,3; y = 2,3,4,5: midranks 1, 3, 3, 5.5 for x: W = 12.5 − 10 = 2.5; tie groups
  // of 3 (the 2s) and 2 (the 3s): Σ(t³ − t) = 24 + 6 = 30; σ² = 16/12·(9 − 30/56) = 11.2857;
  // z = (2.5 − 8 + 0.5)/3.35942 = −1.48835; p = Φ(z) = 0.068329 (R warns: ties, not exact).
  const std::vector<double> x = {1, 2, 2, 3}, y = {2, 3, 4, 5};
  const RankSum r = rank_sum_less(x, y);
  CHECK_FALSE(r.exact);
  CHECK(r.w == 2.5);
  CHECK(r.p_value == Approx(0.0683291).epsilon(1e-5));
  // Simulated repetitions: five identical times each, all of x below all of y: W = 0, σ² =
  // 25/12·(11 − 240/90), z = −12/4.16667 = −2.88, p = 0.0019884.
  const std::vector<double> a(5, 1.0), b(5, 2.0);
  CHECK(rank_sum_less(a, b).p_value == Approx(0.0019884).epsilon(1e-4));
  // Everything tied: nothing tells them apart.
  CHECK(rank_sum_less(a, a).p_value == 1.0);
  // 60 values each, no ties: the normal approximation (n ≥ 50), clearly significant.
  std::vector<double> lo, hi;
  for (int i = 0; i < 60; ++i) lo.push_back(i), hi.push_back(i + 30.5);
  const RankSum big = rank_sum_less(lo, hi);
  CHECK_FALSE(big.exact);
  // W = Σ over x of the y values below it: x_i = i exceeds y_j = j + 30.5 for j ≤ i − 31.
  CHECK(big.w == 29 * 30 / 2);
  const double sigma = std::sqrt(60.0 * 60 / 12 * 121);
  CHECK(big.p_value == Approx(normal_cdf((435 - 1800 + 0.5) / sigma)));
}

TEST_CASE("relative standard error and NREP", "[guidelines]") {
  CHECK(relative_standard_error(std::vector<double>{2, 2, 2}) == 0);
  // mean 2, s = 1 (1, 2, 3): (1/√3)/2.
  CHECK(relative_standard_error(std::vector<double>{1, 2, 3}) == Approx(1 / std::sqrt(3.0) / 2));
  NrepRule rule;
  rule.rse_first = 0.01;
  rule.min_first = 5;
  // Noisy first, then settled: the RSE of the first n drops to 1 % only with enough values.
  std::vector<double> t = {2, 1, 1, 1, 1};
  for (int i = 0; i < 200; ++i) t.push_back(1);
  const Settled s = settle(t, rule);
  REQUIRE(s.reached);
  double sum = 0;
  for (int i = 0; i < s.repetitions; ++i) sum += t[static_cast<std::size_t>(i)];
  CHECK(s.seconds == Approx(sum));
  CHECK(relative_standard_error(std::span<const double>(t).first(static_cast<std::size_t>(s.repetitions))) <= 0.01);
  CHECK(relative_standard_error(std::span<const double>(t).first(static_cast<std::size_t>(s.repetitions - 1))) > 0.01);
  // Identical times settle at the minimum count; a threshold never reached uses them all.
  CHECK(settle(std::vector<double>(10, 3.0), rule).repetitions == 5);
  CHECK_FALSE(settle(std::vector<double>{1, 3, 1, 3, 1, 3}, rule).reached);
  // nrep = max(⌈t₁/l⌉, K), capped.
  rule.k = 5;
  rule.cap = 100;
  CHECK(nrep_for(1e-3, 1e-5, rule) == 100);
  CHECK(nrep_for(1e-4, 1e-5, rule) == 10);
  CHECK(nrep_for(1.5e-5, 1e-5, rule) == 5);
}

TEST_CASE("a violation needs both the margin and the test", "[guidelines]") {
  const Judgement j{0.05, 0.05};
  const auto native = measured("native", 64, {{10, 10, 10, 10, 10}});
  // Faster by 10 % and every repetition below: a violation.
  CHECK(compare(native, measured("gl1-a", 64, {{9, 9, 9, 9, 9}}), j).violation());
  // Faster by 2 % only: not beyond the margin.
  const Comparison small = compare(native, measured("gl1-a", 64, {{9.8, 9.8, 9.8, 9.8, 9.8}}), j);
  CHECK(small.significant);
  CHECK_FALSE(small.faster);
  CHECK_FALSE(small.violation());
  // A median 20 % lower, but the samples overlap too much for the test.
  const auto noisy_native = measured("native", 64, {{10, 5, 10, 5, 10}});
  const Comparison noisy = compare(noisy_native, measured("gl2-b", 64, {{8, 12, 8, 4, 11}}), j);
  CHECK(noisy.faster);
  CHECK_FALSE(noisy.significant);
  CHECK_FALSE(noisy.violation());
  // The median of the mpiruns' medians, and their range.
  const auto runs = measured("gl3-c", 64, {{1, 2, 3}, {5, 6, 7}, {3, 3, 3}});
  CHECK(runs.median() == 3);
  CHECK(runs.lowest() == 2);
  CHECK(runs.highest() == 6);
}

TEST_CASE("profile ranges: the fastest violation per size, consecutive sizes merged", "[guidelines]") {
  const Judgement j{0.05, 0.05};
  const auto size = [&](std::int64_t bytes, double a, double b) {
    SizeResult s;
    s.bytes = bytes;
    s.native = measured("native", bytes, {{10, 10, 10, 10, 10}});
    s.mockups = {measured("gl1-a", bytes, {{a, a, a, a, a}}), measured("gl2-b", bytes, {{b, b, b, b, b}})};
    for (const Measurement& m : s.mockups) s.comparisons.push_back(compare(s.native, m, j));
    return s;
  };
  const std::vector<SizeResult> sizes = {size(4, 8, 9), size(64, 7, 9), size(1024, 11, 12),
                                         size(4096, 9, 6), size(16384, 8, 12)};
  const auto ranges = profile_ranges(sizes);
  REQUIRE(ranges.size() == 3);
  CHECK((ranges[0].algorithm == "gl1-a" && ranges[0].low == 4 && ranges[0].high == 64));
  CHECK((ranges[1].algorithm == "gl2-b" && ranges[1].low == 4096 && ranges[1].high == 4096));
  CHECK((ranges[2].algorithm == "gl1-a" && ranges[2].low == 16384 && ranges[2].high == 16384));
  // Table rows: gl1-a violates at 4–64 and at 4096–16384 (two runs), gl2-b at 4–64, 4096.
  const auto rows = violation_runs(sizes);
  REQUIRE(rows.size() == 4);
  CHECK((rows[0].algorithm == "gl1-a" && rows[0].at.size() == 2 && rows[0].in_profile));
  CHECK((rows[1].algorithm == "gl1-a" && rows[1].at.front().bytes == 4096 && rows[1].at.size() == 2));
  CHECK((rows[2].algorithm == "gl2-b" && rows[2].at.size() == 2 && !rows[2].in_profile));
  CHECK((rows[3].algorithm == "gl2-b" && rows[3].at.front().bytes == 4096 && rows[3].in_profile));
  CHECK(guideline_of("gl14-allreduce") == "GL14");
  CHECK(guideline_of("jia") == "jia");
}
