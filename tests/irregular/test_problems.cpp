// The eight problem types of seeds/000 §5, exactly as specified, for p = 1..64 and several b.
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/irregular_problem.hpp"

#include <catch2/catch.hpp>

using namespace collscope::schedule;

TEST_CASE("problem names round-trip", "[problems]") {
  for (Problem problem : all_problems) REQUIRE(parse_problem(to_string(problem)) == problem);
  REQUIRE_FALSE(parse_problem("Same").has_value());
  REQUIRE_FALSE(parse_problem("").has_value());
  REQUIRE(to_string(Problem::two_blocks) == "two-blocks");
}

TEST_CASE("problem types follow the paper's definitions", "[problems]") {
  for (int p = 1; p <= 64; ++p)
    for (int b : {1, 2, 3, 10, 100, 1000, 10000})
      for (std::uint64_t seed : {1u, 2u, 99u})
        for (Problem problem : all_problems) {
          INFO("p = " << p << ", b = " << b << ", seed = " << seed << ", " << to_string(problem));
          const std::vector<int> m = problem_blocks(problem, p, b, seed);
          REQUIRE(static_cast<int>(m.size()) == p);
          REQUIRE(m == problem_blocks(problem, p, b, seed)); // deterministic
          for (int i = 0; i < p; ++i) {
            INFO("i = " << i);
            if (problem != Problem::two_blocks) REQUIRE(m[i] > 0);
            switch (problem) {
            case Problem::same:
              REQUIRE(m[i] == b);
              break;
            case Problem::random:
              REQUIRE((1 <= m[i] && m[i] <= 2 * b));
              break;
            case Problem::bucket:
              REQUIRE((b / 2 + 1 <= m[i] && m[i] <= b / 2 + b));
              break;
            case Problem::spikes:
              REQUIRE((m[i] == 1 || m[i] == spikes_rho * b));
              break;
            case Problem::increasing:
              REQUIRE(m[i] == 2 * b * (i + 1) / p + 1);
              if (i > 0) REQUIRE(m[i] >= m[i - 1]);
              break;
            case Problem::decreasing:
              REQUIRE(m[i] == 2 * b * (p - i) / p + 1);
              REQUIRE(m[i] == problem_blocks(Problem::increasing, p, b, seed)[p - 1 - i]);
              break;
            case Problem::alternating:
              REQUIRE(m[i] == (i % 2 == 0 ? b + b / 2 : b - b / 2));
              break;
            case Problem::two_blocks:
              REQUIRE(m[i] == (i == 0 || i == p - 1 ? b : 0));
              break;
            }
          }
        }
}

TEST_CASE("random problem types are random: seeds differ, spikes have frequency 1/ρ",
          "[problems]") {
  const int p = 20000, b = 100;
  for (Problem problem : {Problem::random, Problem::bucket, Problem::spikes})
    REQUIRE(problem_blocks(problem, p, b, 1) != problem_blocks(problem, p, b, 2));
  const std::vector<int> spikes = problem_blocks(Problem::spikes, p, b, 7);
  const auto large = std::count(spikes.begin(), spikes.end(), spikes_rho * b);
  REQUIRE(large > p / spikes_rho * 9 / 10);
  REQUIRE(large < p / spikes_rho * 11 / 10);
  // random is uniform in [1, 2b]: mean b + 1/2; bucket: ⌊b/2⌋ + (b + 1)/2.
  const auto mean = [](const std::vector<int>& m) {
    return static_cast<double>(total_of(m)) / static_cast<double>(m.size());
  };
  REQUIRE(mean(problem_blocks(Problem::random, p, b, 3)) == Approx(b + 0.5).epsilon(0.02));
  REQUIRE(mean(problem_blocks(Problem::bucket, p, b, 3)) == Approx(b / 2 + 50.5).epsilon(0.02));
  // Every type but two-blocks has roughly p·b in total (the paper's weak scaling).
  for (Problem problem : all_problems) {
    if (problem == Problem::two_blocks) continue;
    INFO(to_string(problem));
    const double total = static_cast<double>(total_of(problem_blocks(problem, p, b, 5)));
    REQUIRE(total > 0.9 * p * b);
    REQUIRE(total < 1.6 * p * b);
  }
}

TEST_CASE("single_block: the worst case for fixed trees", "[problems]") {
  for (int p = 1; p <= 64; ++p)
    for (int rank = 0; rank < p; ++rank) {
      const std::vector<int> m = single_block(p, rank, 7);
      REQUIRE(total_of(m) == 7);
      REQUIRE(m[rank] == 7);
    }
}

TEST_CASE("binomial_farthest: the deepest rank of the block-oblivious binomial tree",
          "[problems]") {
  const auto depth = [](int v) {
    int d = 0;
    for (; v != 0; v = collscope::schedule::preorder_parent(v, 0)) ++d;
    return d;
  };
  for (int p = 1; p <= 64; ++p)
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << ", root = " << root);
      const int far = virtual_rank(binomial_farthest(p, root), root, p);
      for (int v = 0; v < p; ++v) REQUIRE(depth(v) <= depth(far));
      if ((p & (p - 1)) == 0) REQUIRE(depth(far) == ceil_log2(p));
    }
}
