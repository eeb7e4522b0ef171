// The least-squares fit of collscope-calibrate against synthetic data of known α and β (no MPI):
// exact data recovered, error bars that contain the truth under noise, and the eager/rendezvous
// step found where it was put.
#define CATCH_CONFIG_MAIN
#include "fit.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

using namespace collscope::calibrate;

namespace {

/// 0, 1, 2, 4, … 2^k bytes.
std::vector<double> sizes(int k) {
  std::vector<double> s{0};
  for (int i = 0; i <= k; ++i) s.push_back(std::ldexp(1.0, i));
  return s;
}

std::vector<Point> line(double alpha, double beta, int k) {
  std::vector<Point> out;
  for (double m : sizes(k)) out.push_back({m, alpha + beta * m});
  return out;
}

} // namespace

TEST_CASE("exact linear data gives back α and β, zero residuals and R² = 1", "[calibrate]") {
  for (const auto& [alpha, beta] :
       {std::pair{2.38e-6, 7.88e-11}, std::pair{1e-6, 2e-10}, std::pair{5e-5, 1e-9}}) {
    const LinearFit f = fit_linear(line(alpha, beta, 22));
    REQUIRE(f.valid);
    CHECK(f.alpha_s == Approx(alpha).epsilon(1e-9));
    CHECK(f.beta_s_per_byte == Approx(beta).epsilon(1e-9));
    CHECK(f.r2 == Approx(1.0).epsilon(1e-12));
    CHECK(f.alpha_stderr_s < alpha * 1e-6);
    for (double r : f.relative_residual) CHECK(std::abs(r) < 1e-9);
    CHECK(misfits(f, 0.25).empty());
  }
}

TEST_CASE("under 5% multiplicative noise the 3-sigma error bars contain the truth", "[calibrate]") {
  const double alpha = 3e-6, beta = 1.5e-10;
  int alpha_inside = 0, beta_inside = 0, one_sigma = 0;
  constexpr int trials = 200;
  std::mt19937 random(29);
  std::normal_distribution<double> noise(0.0, 0.05);
  for (int t = 0; t < trials; ++t) {
    std::vector<Point> points = line(alpha, beta, 22);
    for (Point& p : points) p.time_s *= 1 + noise(random);
    const LinearFit f = fit_linear(points);
    REQUIRE(f.valid);
    CHECK(f.alpha_stderr_s > 0);
    CHECK(f.beta_stderr_s_per_byte > 0);
    CHECK(f.r2 > 0.95);
    alpha_inside += std::abs(f.alpha_s - alpha) <= 3 * f.alpha_stderr_s;
    beta_inside += std::abs(f.beta_s_per_byte - beta) <= 3 * f.beta_stderr_s_per_byte;
    one_sigma += std::abs(f.alpha_s - alpha) <= f.alpha_stderr_s;
  }
  // Honest error bars: nearly always within 3σ, and within 1σ about 68% of the time (not ~100%,
  // which would mean they are too wide to say anything).
  CHECK(alpha_inside >= trials * 95 / 100);
  CHECK(beta_inside >= trials * 95 / 100);
  CHECK(one_sigma > trials * 50 / 100);
  CHECK(one_sigma < trials * 85 / 100);
}

TEST_CASE("a protocol switch shows as residuals beyond 25% and is where the split puts it",
          "[calibrate]") {
  // Eager up to 8 KiB, then rendezvous: a handshake (+8 µs) and a better bandwidth.
  std::vector<Point> points;
  for (double m : sizes(22))
    points.push_back({m, m <= 8192 ? 2e-6 + 3e-10 * m : 10e-6 + 1e-10 * m});
  const LinearFit f = fit_linear(points);
  REQUIRE(f.valid);
  CHECK_FALSE(misfits(f, 0.25).empty());
  const SplitFit s = fit_split(points);
  REQUIRE(s.at > 0);
  CHECK(points[s.at].bytes == 16384);
  CHECK(s.below.alpha_s == Approx(2e-6).epsilon(1e-6));
  CHECK(s.below.beta_s_per_byte == Approx(3e-10).epsilon(1e-6));
  CHECK(s.above.alpha_s == Approx(10e-6).epsilon(1e-6));
  CHECK(s.above.beta_s_per_byte == Approx(1e-10).epsilon(1e-6));
}

TEST_CASE("too few points or one size only: no fit", "[calibrate]") {
  CHECK_FALSE(fit_linear({{0, 1e-6}, {8, 2e-6}}).valid);
  CHECK_FALSE(fit_linear({{64, 1e-6}, {64, 2e-6}, {64, 3e-6}}).valid);
  CHECK(fit_split(line(1e-6, 1e-10, 2)).at == 0);
}
