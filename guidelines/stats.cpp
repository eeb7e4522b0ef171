#include "stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace collscope::guidelines {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double mean(std::span<const double> v) {
  return v.empty() ? 0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

double relative_standard_error(std::span<const double> v) {
  const double m = mean(v);
  if (v.size() < 2 || m == 0) return 0;
  double sum = 0;
  for (double x : v) sum += (x - m) * (x - m);
  const double n = static_cast<double>(v.size());
  return std::sqrt(sum / (n - 1)) / std::sqrt(n) / std::abs(m);
}

double normal_cdf(double z) {
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double rank_sum_cdf(int w, int nx, int ny) {
  if (w < 0) return 0;
  if (w >= nx * ny) return 1;
  // The count of arrangements with W = u is the coefficient of q^u in the Gaussian binomial
  // [nx+ny choose nx]_q = Π_{i=1..nx} (1 − q^{ny+i}) / (1 − q^i); doubles hold C(98, 49).
  const int top = nx * ny;
  std::vector<double> c(static_cast<std::size_t>(top) + 1, 0.0);
  c[0] = 1;
  for (int i = 1; i <= nx; ++i) {
    const int up = ny + i;
    for (int u = top; u >= up; --u) c[static_cast<std::size_t>(u)] -= c[static_cast<std::size_t>(u - up)];
    for (int u = i; u <= top; ++u) c[static_cast<std::size_t>(u)] += c[static_cast<std::size_t>(u - i)];
  }
  double below = 0, total = 0;
  for (int u = 0; u <= top; ++u) {
    total += c[static_cast<std::size_t>(u)];
    if (u <= w) below += c[static_cast<std::size_t>(u)];
  }
  return below / total;
}

RankSum rank_sum_less(std::span<const double> x, std::span<const double> y) {
  RankSum r;
  const std::size_t nx = x.size(), ny = y.size(), n = nx + ny;
  if (nx == 0 || ny == 0) return r;
  struct Value {
    double v;
    bool from_x;
  };
  std::vector<Value> all;
  for (double v : x) all.push_back({v, true});
  for (double v : y) all.push_back({v, false});
  std::sort(all.begin(), all.end(), [](const Value& a, const Value& b) { return a.v < b.v; });
  // Midranks for ties; Σ(t³ − t) over the tie groups for the variance.
  double rank_x = 0, ties = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && all[j].v == all[i].v) ++j;
    const double mid = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t k = i; k < j; ++k)
      if (all[k].from_x) rank_x += mid;
    const double t = static_cast<double>(j - i);
    ties += t * t * t - t;
    i = j;
  }
  const double dx = static_cast<double>(nx), dy = static_cast<double>(ny),
               dn = static_cast<double>(n);
  r.w = rank_x - dx * (dx + 1) / 2;
  if (nx < 50 && ny < 50 && ties == 0) {
    r.exact = true;
    r.p_value = rank_sum_cdf(static_cast<int>(std::lround(r.w)), static_cast<int>(nx),
                             static_cast<int>(ny));
    return r;
  }
  const double sigma = std::sqrt(dx * dy / 12 * ((dn + 1) - ties / (dn * (dn - 1))));
  // Every value tied: nothing tells the samples apart.
  if (sigma == 0) return r.p_value = 1, r;
  r.p_value = normal_cdf((r.w - dx * dy / 2 + 0.5) / sigma);
  return r;
}

} // namespace collscope::guidelines
