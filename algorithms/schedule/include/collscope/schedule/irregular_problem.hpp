// The eight block-size distributions of the irregular gather/scatter benchmark (seeds/000 §5,
// "Experiments"): for p processes and an average block size b, the size m_i of each rank's
// block, in elements.
//
//   same         m_i = b
//   random       m_i uniform in [1, 2b]
//   bucket       m_i = ⌊b/2⌋ + uniform in [1, b]
//   spikes       m_i = ρb with probability 1/ρ, else 1 (ρ = 5)
//   increasing   m_i = ⌊2b(i+1)/p⌋ + 1
//   decreasing   m_i = ⌊2b(p−i)/p⌋ + 1
//   alternating  m_i = b + ⌊b/2⌋ for even i, b − ⌊b/2⌋ for odd i
//   two-blocks   m_0 = m_{p−1} = b, every other m_i = 0
//
// The extracted text gives increasing as ⌊2b(i+1)/n⌋ without the "+ 1" of decreasing; the
// paper states that every type but two-blocks has m_i > 0, which the formula without "+ 1"
// breaks for small b (b = 1, p = 64: 31 empty blocks), so increasing is decreasing mirrored.
// Random draws come from splitmix64 on (seed, rank), not from <random>'s distributions, so a
// (type, p, b, seed) gives the same sizes with every standard library, on every rank.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace collscope::schedule {

enum class Problem {
  same,
  random,
  bucket,
  spikes,
  increasing,
  decreasing,
  alternating,
  two_blocks
};

inline constexpr Problem all_problems[] = {
    Problem::same,       Problem::random,     Problem::bucket,      Problem::spikes,
    Problem::increasing, Problem::decreasing, Problem::alternating, Problem::two_blocks};

/// ρ of the spikes problem, as in the paper's experiments.
inline constexpr int spikes_rho = 5;

/// "same", "random", …, "two-blocks" (what --problem takes).
std::string_view to_string(Problem problem);
std::optional<Problem> parse_problem(std::string_view name);

/// m_0, …, m_{p−1} for p ≥ 1, b ≥ 0.
std::vector<int> problem_blocks(Problem problem, int p, int b, std::uint64_t seed);

/// The paper's worst case for a fixed, block-oblivious tree (seeds/000 §1): every block empty
/// but the one of `rank`, which holds b elements.
std::vector<int> single_block(int p, int rank, int b);

/// The rank farthest from `root` in the block-oblivious binomial tree (gather_binomial): the
/// largest vrank with the most set bits, ⌈log₂p⌉ hops away when p is a power of two.
int binomial_farthest(int p, int root);

/// Σ m_i, in 64 bits.
std::int64_t total_of(std::span<const int> blocks);

} // namespace collscope::schedule
