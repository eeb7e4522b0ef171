#include "collscope/model/round_progress.hpp"

#include <algorithm>
#include <limits>

namespace collscope::model {

RoundTimes round_times(std::span<const int> round, std::span<const double> start,
                       std::span<const double> delivered, int rounds) {
  RoundTimes out;
  const auto n = static_cast<std::size_t>(std::max(rounds, 0));
  out.complete.assign(n, -std::numeric_limits<double>::infinity());
  out.start.assign(n, std::numeric_limits<double>::infinity());
  for (std::size_t i = 0; i < round.size(); ++i) {
    if (round[i] < 0 || static_cast<std::size_t>(round[i]) >= n) continue;
    const auto k = static_cast<std::size_t>(round[i]);
    out.complete[k] = std::max(out.complete[k], delivered[i]);
    out.start[k] = std::min(out.start[k], start[i]);
  }
  // Round k needs rounds 0 … k − 1 too: a prefix maximum, so `complete` never decreases.
  for (std::size_t k = 1; k < n; ++k)
    out.complete[k] = std::max(out.complete[k], out.complete[k - 1]);
  return out;
}

int RoundTimes::complete_at(double t) const {
  return static_cast<int>(std::upper_bound(complete.begin(), complete.end(), t) - complete.begin());
}

int RoundTimes::latest_started_at(double t) const {
  for (int k = count() - 1; k >= 0; --k)
    if (start[static_cast<std::size_t>(k)] <= t) return k;
  return -1;
}

} // namespace collscope::model
