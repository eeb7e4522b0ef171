// The statistics of the guideline check (seeds/004 §4.2; ReproMPI, PGChecker): medians, the
// relative standard error that decides how many repetitions are enough, and the one-sided
// Wilcoxon rank-sum (Mann–Whitney U) test that must agree before a mock-up counts as faster.
// Pure functions, no MPI: tests/guidelines checks them against textbook and R values.
#pragma once

#include <span>
#include <vector>

namespace collscope::guidelines {

double median(std::vector<double> values); ///< 0 for none
double mean(std::span<const double> values);
/// Relative standard error: (s/√n)/mean, s the sample standard deviation; 0 for n < 2 or a
/// zero mean (simulated repetitions are identical: 0).
double relative_standard_error(std::span<const double> values);

/// Wilcoxon rank-sum test, alternative "x is stochastically smaller than y" (R:
/// wilcox.test(x, y, alternative = "less")). As R does: exact when both samples have fewer
/// than 50 values and no value is tied, else the normal approximation with the tie correction
/// of the variance and a continuity correction of 0.5.
struct RankSum {
  double w = 0;        ///< R's W: the rank sum of x minus nx(nx+1)/2 (= U of x)
  double p_value = 1;  ///< P(W ≤ w) under "same distribution"
  bool exact = false;  ///< exact distribution, or the normal approximation
};
RankSum rank_sum_less(std::span<const double> x, std::span<const double> y);

/// P(W ≤ w) of the exact null distribution of W for samples of nx and ny untied values.
double rank_sum_cdf(int w, int nx, int ny);

/// Φ, the standard normal distribution function.
double normal_cdf(double z);

} // namespace collscope::guidelines
