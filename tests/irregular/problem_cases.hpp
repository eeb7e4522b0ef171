// The block-size vectors the schedule tests sweep: the paper's eight problem types at a few
// b and seeds, vectors full of empty blocks, and the single-block worst case.
#pragma once

#include "collscope/schedule/irregular_problem.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace collscope::test {

struct BlockCase {
  std::string name;
  std::vector<std::int64_t> blocks;
};

inline std::vector<std::int64_t> widen(const std::vector<int>& blocks) {
  return {blocks.begin(), blocks.end()};
}

/// Sizes drawn from {0, 0, 0, 1, 2, 7, 40, 300}: many empty blocks and ties.
inline std::vector<std::int64_t> sparse_blocks(int p, std::uint64_t seed) {
  static constexpr std::int64_t pool[] = {0, 0, 0, 1, 2, 7, 40, 300};
  std::vector<std::int64_t> blocks(static_cast<std::size_t>(p));
  std::uint64_t x = seed * 0x9e3779b97f4a7c15u + 1;
  for (auto& m : blocks) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17; // xorshift64
    m = pool[x % 8];
  }
  return blocks;
}

/// `bs` average block sizes, `seeds` seeds of the random types.
inline std::vector<BlockCase> block_cases(int p, std::initializer_list<int> bs = {1, 10, 1000},
                                          int seeds = 2) {
  using namespace collscope::schedule;
  std::vector<BlockCase> cases;
  for (Problem problem : all_problems)
    for (int b : bs)
      for (int seed = 1; seed <= seeds; ++seed) {
        const bool random =
            problem == Problem::random || problem == Problem::bucket || problem == Problem::spikes;
        if (!random && seed > 1) continue;
        cases.push_back({std::string(to_string(problem)) + " b=" + std::to_string(b) +
                             " seed=" + std::to_string(seed),
                         widen(problem_blocks(problem, p, b, static_cast<std::uint64_t>(seed)))});
      }
  for (int seed = 1; seed <= seeds; ++seed)
    cases.push_back({"sparse seed=" + std::to_string(seed), sparse_blocks(p, seed)});
  cases.push_back({"all empty", std::vector<std::int64_t>(static_cast<std::size_t>(p), 0)});
  cases.push_back({"last only", widen(single_block(p, p - 1, 100))});
  return cases;
}

} // namespace collscope::test
