#include "collscope/schedule/pipeline.hpp"

#include "collscope/schedule/cost.hpp"

#include <algorithm>
#include <cmath>

namespace collscope::schedule {

ElementRange pipeline_block(std::int64_t count, int blocks, int b) {
  const std::int64_t begin = count * b / blocks;
  const std::int64_t end = count * (b + 1) / blocks;
  return {begin, end - begin};
}

int pipeline_best_blocks(int p, std::int64_t count, double bytes, double alpha, double beta) {
  if (count <= 0) return 0;
  if (p <= 2 || alpha <= 0)
    return p <= 2 ? 1 : static_cast<int>(std::min<std::int64_t>(count, 1 << 20));
  const double best = std::sqrt((p - 2) * beta * bytes / alpha);
  const auto cap = static_cast<double>(std::min<std::int64_t>(count, 1 << 20));
  const double lo = std::clamp(std::floor(best), 1.0, cap);
  const double hi = std::clamp(std::ceil(best), 1.0, cap);
  const auto time = [&](double m) {
    return bcast_pipeline_cost(p, bytes, alpha, beta, static_cast<int>(m));
  };
  return static_cast<int>(time(lo) <= time(hi) ? lo : hi);
}

int pipeline_rounds(int p, int blocks) {
  if (p <= 1 || blocks <= 0) return 0;
  return p - 1 + blocks - 1;
}

} // namespace collscope::schedule
