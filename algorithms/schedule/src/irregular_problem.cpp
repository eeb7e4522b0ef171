#include "collscope/schedule/irregular_problem.hpp"

#include "collscope/schedule/bits.hpp"

#include <bit>
#include <numeric>

namespace collscope::schedule {

namespace {

std::uint64_t mix(std::uint64_t x) { // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15u;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

/// Uniform in [1, n] for n ≥ 1 (the modulo bias is below 2^−40 for the n used here).
int uniform(std::uint64_t seed, Problem problem, int rank, int n) {
  const std::uint64_t h =
      mix(mix(mix(seed) ^ static_cast<std::uint64_t>(problem)) ^ static_cast<std::uint64_t>(rank));
  return 1 + static_cast<int>(h % static_cast<std::uint64_t>(n));
}

int block_of(Problem problem, int i, int p, int b, std::uint64_t seed) {
  const auto scaled = [&](int k) { // ⌊2bk/p⌋ + 1 without overflow
    return static_cast<int>(2 * static_cast<std::int64_t>(b) * k / p) + 1;
  };
  switch (problem) {
  case Problem::same:
    return b;
  case Problem::random:
    return b == 0 ? 0 : uniform(seed, problem, i, 2 * b);
  case Problem::bucket:
    return b == 0 ? 0 : b / 2 + uniform(seed, problem, i, b);
  case Problem::spikes:
    return uniform(seed, problem, i, spikes_rho) == 1 ? spikes_rho * b : 1;
  case Problem::increasing:
    return scaled(i + 1);
  case Problem::decreasing:
    return scaled(p - i);
  case Problem::alternating:
    return i % 2 == 0 ? b + b / 2 : b - b / 2;
  case Problem::two_blocks:
    return i == 0 || i == p - 1 ? b : 0;
  }
  return 0;
}

} // namespace

std::string_view to_string(Problem problem) {
  switch (problem) {
  case Problem::same:
    return "same";
  case Problem::random:
    return "random";
  case Problem::bucket:
    return "bucket";
  case Problem::spikes:
    return "spikes";
  case Problem::increasing:
    return "increasing";
  case Problem::decreasing:
    return "decreasing";
  case Problem::alternating:
    return "alternating";
  case Problem::two_blocks:
    return "two-blocks";
  }
  return "?";
}

std::optional<Problem> parse_problem(std::string_view name) {
  for (Problem problem : all_problems)
    if (to_string(problem) == name) return problem;
  return std::nullopt;
}

std::vector<int> problem_blocks(Problem problem, int p, int b, std::uint64_t seed) {
  std::vector<int> blocks(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) blocks[i] = block_of(problem, i, p, b, seed);
  return blocks;
}

std::vector<int> single_block(int p, int rank, int b) {
  std::vector<int> blocks(static_cast<std::size_t>(p), 0);
  blocks[rank] = b;
  return blocks;
}

int binomial_farthest(int p, int root) {
  int far = 0;
  for (int v = 1; v < p; ++v)
    if (std::popcount(static_cast<unsigned>(v)) >= std::popcount(static_cast<unsigned>(far)))
      far = v;
  return real_rank(far, root, p);
}

std::int64_t total_of(std::span<const int> blocks) {
  return std::accumulate(blocks.begin(), blocks.end(), std::int64_t{0});
}

} // namespace collscope::schedule
