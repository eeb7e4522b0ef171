#include "fit.hpp"

#include <algorithm>
#include <cmath>

namespace collscope::calibrate {

namespace {

/// Weight of a point: 1/t², with a floor so that a zero time (a clock tick) cannot divide by 0.
double weight(const Point& p) {
  const double t = std::max(std::abs(p.time_s), 1e-12);
  return 1.0 / (t * t);
}

double weighted_ssr(const std::vector<Point>& points, const LinearFit& f) {
  double s = 0;
  for (std::size_t i = 0; i < points.size(); ++i)
    s += weight(points[i]) * f.residual_s[i] * f.residual_s[i];
  return s;
}

} // namespace

LinearFit fit_linear(const std::vector<Point>& points) {
  LinearFit f;
  const std::size_t n = points.size();
  if (n < 3) return f;
  // Normal equations of the weighted problem: [Sw Sx; Sx Sxx]·[α; β] = [Sy; Sxy].
  double sw = 0, sx = 0, sxx = 0, sy = 0, sxy = 0;
  for (const Point& p : points) {
    const double w = weight(p);
    sw += w;
    sx += w * p.bytes;
    sxx += w * p.bytes * p.bytes;
    sy += w * p.time_s;
    sxy += w * p.bytes * p.time_s;
  }
  const double det = sw * sxx - sx * sx;
  if (!(det > 1e-12 * sw * sxx)) return f; // all sizes (nearly) equal: no slope
  f.beta_s_per_byte = (sw * sxy - sx * sy) / det;
  f.alpha_s = (sy - f.beta_s_per_byte * sx) / sw;
  const double mean = sy / sw;
  double ssr = 0, sst = 0;
  for (const Point& p : points) {
    const double r = p.time_s - (f.alpha_s + f.beta_s_per_byte * p.bytes);
    f.residual_s.push_back(r);
    f.relative_residual.push_back(p.time_s != 0 ? r / p.time_s : 0.0);
    ssr += weight(p) * r * r;
    sst += weight(p) * (p.time_s - mean) * (p.time_s - mean);
  }
  // Covariance of the estimates: s²·(XᵀWX)⁻¹, s² the residual variance per degree of freedom.
  const double s2 = ssr / static_cast<double>(n - 2);
  f.alpha_stderr_s = std::sqrt(s2 * sxx / det);
  f.beta_stderr_s_per_byte = std::sqrt(s2 * sw / det);
  f.r2 = sst > 0 ? 1.0 - ssr / sst : 1.0;
  f.valid = true;
  return f;
}

SplitFit fit_split(const std::vector<Point>& points) {
  SplitFit best;
  double best_ssr = 0;
  for (std::size_t at = 3; at + 3 <= points.size(); ++at) {
    const std::vector<Point> low(points.begin(), points.begin() + static_cast<long>(at));
    const std::vector<Point> high(points.begin() + static_cast<long>(at), points.end());
    SplitFit s{at, fit_linear(low), fit_linear(high)};
    if (!s.below.valid || !s.above.valid) continue;
    const double ssr = weighted_ssr(low, s.below) + weighted_ssr(high, s.above);
    if (best.at == 0 || ssr < best_ssr) {
      best = std::move(s);
      best_ssr = ssr;
    }
  }
  return best;
}

std::vector<std::size_t> misfits(const LinearFit& fit, double tolerance) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < fit.relative_residual.size(); ++i)
    if (std::abs(fit.relative_residual[i]) > tolerance) out.push_back(i);
  return out;
}

} // namespace collscope::calibrate
