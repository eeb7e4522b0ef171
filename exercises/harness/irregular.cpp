#include "collscope/grade/irregular.hpp"

namespace collscope::grade {

// The sizes follow the benchmark's formulas (algorithms/schedule/src/irregular_problem.cpp),
// repeated here: the harness is linked alone into every submission, without collscope's
// libraries, and its sizes are seeded by the case (p and the type), not by a seed argument.

namespace {

std::uint64_t mix(std::uint64_t x) { // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15u;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

/// Uniform in [1, n], the same for the same case and rank (the seed is the process count).
int uniform(const Case& c, int rank, int n) {
  const std::uint64_t h =
      mix(mix(mix(static_cast<std::uint64_t>(c.p)) ^ static_cast<std::uint64_t>(c.op)) ^
          static_cast<std::uint64_t>(rank));
  return 1 + static_cast<int>(h % static_cast<std::uint64_t>(n));
}

constexpr int rho = 5; // the spikes' factor, as in seeds/000

} // namespace

int gatherv_count(const Case& c, int i) {
  const int b = c.count, p = c.p;
  if (b == 0) return 0;
  const auto scaled = [&](int k) { return static_cast<int>(2 * std::int64_t{b} * k / p) + 1; };
  switch (c.op) {
  case Op::random:
    return uniform(c, i, 2 * b);
  case Op::bucket:
    return b / 2 + uniform(c, i, b);
  case Op::spikes:
    return uniform(c, i, rho) == 1 ? rho * b : 1;
  case Op::increasing:
    return scaled(i + 1);
  case Op::decreasing:
    return scaled(p - i);
  case Op::alternating:
    return i % 2 == 0 ? b + b / 2 : b - b / 2;
  case Op::two_blocks:
    return i == 0 || i == p - 1 ? b : 0;
  default:
    return b; // same
  }
}

std::int64_t gatherv_displ(const Case& c, int rank) {
  std::int64_t d = 0;
  for (int j = 0; j < rank; ++j) d += gatherv_count(c, j) + 1;
  return d;
}

std::int64_t gatherv_extent(const Case& c) {
  return gatherv_displ(c, c.p);
}

std::string gatherv_position(const Case& c, std::int64_t element) {
  std::int64_t d = 0;
  for (int j = 0; j < c.p; ++j) {
    const int n = gatherv_count(c, j);
    if (element < d + n)
      return " (rank " + std::to_string(j) + "'s block, element " + std::to_string(element - d) +
             ")";
    if (element == d + n)
      return " (the free element behind rank " + std::to_string(j) +
             "'s block: the displacements leave it out, nothing may be written there)";
    d += n + 1;
  }
  return {};
}

} // namespace collscope::grade
