#pragma once
// Least-squares fit of the linear (Hockney, α-β) cost model t(m) = α + β·m to measured times,
// with the standard errors of α and β and R² (seeds/001, "Linear cost model justified?"). No
// MPI: unit-tested against synthetic data of known α and β.
#include <cstddef>
#include <vector>

namespace collscope::calibrate {

struct Point {
  double bytes = 0;  ///< m
  double time_s = 0; ///< measured t(m), the median of the repetitions
};

struct LinearFit {
  double alpha_s = 0, beta_s_per_byte = 0;
  double alpha_stderr_s = 0, beta_stderr_s_per_byte = 0; ///< one standard error each
  double r2 = 0;                                         ///< weighted coefficient of determination
  std::vector<double> residual_s;                        ///< t − (α + β·m), per point
  std::vector<double> relative_residual;                 ///< residual / t, per point
  bool valid = false; ///< false: fewer than 3 points or all of one size
};

/// Weighted least squares with weights 1/t²: each point counts by its relative error, so the
/// microsecond latencies of small messages determine α and the large ones β (an unweighted fit
/// lets the 4 MiB points swamp α, often below zero). Standard errors from the weighted residual
/// variance with n − 2 degrees of freedom.
LinearFit fit_linear(const std::vector<Point>& points);

/// Where one line fails, two may not: the eager/rendezvous protocol switch of MPI libraries is a
/// step in t(m). The best split into [0, at) and [at, n) (each side at least 3 points), by the
/// smallest total weighted squared residual; at = 0 if there is no such split.
struct SplitFit {
  std::size_t at = 0; ///< first point of the upper fit
  LinearFit below, above;
};
SplitFit fit_split(const std::vector<Point>& points);

/// The points whose relative residual exceeds `tolerance` (say 0.25): where the linear model
/// fails.
std::vector<std::size_t> misfits(const LinearFit& fit, double tolerance);

} // namespace collscope::calibrate
