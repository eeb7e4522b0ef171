#include "nrep.hpp"

#include "stats.hpp"

#include <algorithm>
#include <cmath>

namespace collscope::guidelines {

Settled settle(std::span<const double> times, const NrepRule& rule) {
  Settled s;
  const int n = static_cast<int>(times.size());
  for (int i = 0; i < n; ++i) {
    s.seconds += times[static_cast<std::size_t>(i)];
    s.repetitions = i + 1;
    if (s.repetitions >= std::max(rule.min_first, 2) &&
        relative_standard_error(times.first(static_cast<std::size_t>(i + 1))) <= rule.rse_first) {
      s.reached = true;
      break;
    }
  }
  return s;
}

int nrep_for(double t1, double least, const NrepRule& rule) {
  const double ratio = least > 0 ? std::ceil(t1 / least) : rule.cap;
  const int n = ratio >= rule.cap ? rule.cap : static_cast<int>(ratio);
  return std::clamp(std::max(n, rule.k), 1, std::max(rule.cap, rule.k));
}

} // namespace collscope::guidelines
