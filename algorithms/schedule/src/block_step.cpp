#include "collscope/schedule/block_step.hpp"

#include <algorithm>
#include <cmath>

namespace collscope::schedule {

int lemma_blocks(double k, double s, long long count, double bytes, double alpha, double beta,
                 int (*rounds)(int p, int blocks), int p) {
  if (count <= 0) return 0;
  const auto cap = static_cast<double>(std::min<long long>(count, 1 << 20));
  if (alpha <= 0) return static_cast<int>(cap);
  const double best = k > 0 && s > 0 ? std::sqrt(k * beta * bytes / (s * alpha)) : 1.0;
  const double lo = std::clamp(std::floor(best), 1.0, cap);
  const double hi = std::clamp(std::ceil(best), 1.0, cap);
  const auto time = [&](double m) {
    const int blocks = static_cast<int>(m);
    return rounds(p, blocks) * (alpha + beta * bytes / blocks);
  };
  return static_cast<int>(time(lo) <= time(hi) ? lo : hi);
}

} // namespace collscope::schedule
