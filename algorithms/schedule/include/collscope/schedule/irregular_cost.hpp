// Round counts and α-β costs of the irregular gather/scatter algorithms (seeds/000), for the
// registry (equal blocks of m/p bytes) and for actual block sizes (through gather_schedule).
#pragma once

#include "collscope/schedule/network_model.hpp"

#include <cstdint>
#include <span>

namespace collscope::schedule {

/// Bytes of one message of the tree construction: four 64-bit integers.
inline constexpr int construction_message_bytes = 32;

/// Rounds of Träff's construction: at most 2⌈log₂p⌉.
int construction_rounds(int p);
/// Construction and data phase: 3⌈log₂p⌉.
int traff_rounds(int p);

/// Träff with equal blocks: 2⌈log₂p⌉(α + 32β) + ⌈log₂p⌉α + (p − 1)/p·βm.
double traff_cost(int p, double m, double alpha, double beta);
/// Binomial scatterv with equal blocks: the sizes travel too, 8 bytes per rank:
/// 2⌈log₂p⌉α + (p − 1)/p·βm + 8(p − 1)β.
double binomial_scatterv_cost(int p, double m, double alpha, double beta);

/// Model-based trees with equal blocks on a homogeneous network: the tree distribution
/// (binomial scatter of 8(4 + 2K) bytes per rank, K = ⌈log₂p⌉ + 1), then a binomial tree:
/// 2⌈log₂p⌉α + 8(p − 1)(4 + 2K)β + (p − 1)/p·βm.
double model_tree_cost(int p, double m, double alpha, double beta);

enum class IrregularAlgorithm {
  linear,
  binomial,
  traff,
  traff_lemma4,
  traff_degrade,
  model_binomial_min,
  model_binomial_max,
  model_traff
};

/// Model time of a gatherv (scatter = false) or scatterv with these block sizes in bytes:
/// the schedule's α-β time, plus 2⌈log₂p⌉(α + 32β) of construction for Träff's trees (an
/// upper bound: ranks leave the construction as soon as their part is done) or the tree
/// distribution of the model-based ones. `threshold` is traff-degrade's. With a `network`,
/// messages cost its t(i, j, m) instead (the constant-size phases keep α and β).
double irregular_model_time(IrregularAlgorithm algorithm, bool scatter,
                            std::span<const std::int64_t> blocks, int root, double alpha,
                            double beta, std::int64_t threshold,
                            const NetworkModel* network = nullptr);

} // namespace collscope::schedule
