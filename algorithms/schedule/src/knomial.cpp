#include "collscope/schedule/knomial.hpp"

#include <algorithm>
#include <cstdint>

namespace collscope::schedule {

int knomial_levels(int p, int k) {
  int levels = 0;
  for (std::int64_t reach = 1; reach < p; reach *= k) ++levels;
  return levels;
}

int knomial_parent(int v, int k) {
  if (v <= 0) return -1;
  std::int64_t power = 1;
  while ((v / power) % k == 0) power *= k;
  return static_cast<int>(v - (v / power) % k * power);
}

int knomial_level(int v, int k) {
  int level = 0;
  for (std::int64_t power = 1; v > 0 && (v / power) % k == 0; power *= k) ++level;
  return level;
}

int knomial_subtree_size(int v, int p, int k) {
  if (v == 0) return p;
  std::int64_t span = 1;
  for (int i = knomial_level(v, k); i > 0; --i) span *= k;
  return static_cast<int>(std::min<std::int64_t>(span, p - v));
}

std::vector<KnomialLevel> knomial_child_levels(int v, int p, int k) {
  std::vector<KnomialLevel> levels;
  // The root's children span every level; another rank's stop below its own digit.
  const int top = v == 0 ? knomial_levels(p, k) : knomial_level(v, k);
  std::int64_t power = 1;
  for (int i = 0; i < top; ++i, power *= k) {
    KnomialLevel level{i, {}};
    for (int c = 1; c < k; ++c) {
      const std::int64_t child = v + c * power;
      if (child >= p) break;
      level.edges.push_back(
          {static_cast<int>(child), static_cast<int>(std::min<std::int64_t>(power, p - child)), i});
    }
    if (!level.edges.empty()) levels.push_back(std::move(level));
  }
  return levels;
}

int knomial_topdown_round(int level, int p, int k) {
  return knomial_levels(p, k) - 1 - level;
}

double knomial_bcast_cost(int p, double m, double alpha, double beta, int k) {
  return (k - 1.0) * knomial_levels(p, k) * (alpha + beta * m);
}

double knomial_ported_bcast_cost(int p, double m, double alpha, double beta, int k) {
  return knomial_levels(p, k) * (alpha + beta * m);
}

double knomial_gather_cost(int p, double m, double alpha, double beta, int k) {
  if (p <= 1) return 0;
  return (k - 1.0) * knomial_levels(p, k) * alpha + (p - 1.0) / p * beta * m;
}

double knomial_ported_gather_cost(int p, double m, double alpha, double beta, int k) {
  if (p <= 1) return 0;
  const int levels = knomial_levels(p, k);
  double power = 1;
  for (int i = 0; i < levels; ++i) power *= k;
  // Level i moves subtrees of at most k^i blocks, and never more than the p − 1 there are.
  return levels * alpha + std::min((power - 1) / (k - 1.0), p - 1.0) * beta * m / p;
}

} // namespace collscope::schedule
