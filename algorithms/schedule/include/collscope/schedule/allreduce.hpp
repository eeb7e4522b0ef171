// Allreduce schedules (seeds/001): the circulant S0/S1 algorithm on the bits of p − 1
// ("Beyond the butterfly: Allreduce in fully-connected networks"), the butterfly (recursive
// doubling) with the fold of Rabenseifner–Träff 2004 for p not a power of two, and the near-
// equal block split of the ring.
#pragma once

#include <cstdint>
#include <vector>

namespace collscope::schedule {

/// Round j of the circulant allreduce. Before the round every rank i holds
/// S1 = B(i−n) ⊕ … ⊕ B(i) and S0 = B(i−n) ⊕ … ⊕ B(i−1) (indices mod p, n = n_{j−1}); with bit
/// b_j of p − 1 (most significant first) it sends S1 to i + n + 1 when b_j = 1, S0 to i + n
/// when b_j = 0, receives the same from i − distance and adds it to both; then n = 2n + b_j.
struct CirculantReduceRound {
  int bit;      ///< b_j
  int n_before; ///< n_{j−1}: S1 covers n + 1 inputs, S0 covers n
  int distance; ///< n + b_j: the lecture's "communication neighbor"
};

/// The rounds for p ≥ 1: as many as p − 1 has bits, ⌈log₂p⌉ (none for p = 1).
std::vector<CirculantReduceRound> circulant_allreduce_rounds(int p);

/// The butterfly's power-of-two core: q = 2^⌊log₂p⌋ ranks; the first 2(p − q) ranks pair up
/// (2i, 2i+1), the even one folds its input into the odd one before the butterfly and gets
/// the result from it afterwards.
int butterfly_core(int p);
/// Rank in the core (−1 for the even rank of a folded pair).
int butterfly_vrank(int rank, int p);
/// Inverse of butterfly_vrank.
int butterfly_rank(int vrank, int p);
/// ⌈log₂p⌉ when p is a power of two, else ⌊log₂p⌋ + 2 (fold and unfold).
int butterfly_rounds(int p);

/// Block b of the ring's p near-equal blocks of `count` elements.
struct ElementBlock {
  std::int64_t begin;
  std::int64_t count;
};
ElementBlock ring_block(std::int64_t count, int p, int b);

/// Rounds and α-β costs, m = bytes of the vector.
int reduce_bcast_rounds(int p); ///< 2⌈log₂p⌉
double reduce_bcast_cost(int p, double m, double alpha, double beta);
double butterfly_allreduce_cost(int p, double m, double alpha, double beta);
int ring_allreduce_rounds(int p); ///< 2(p − 1)
double ring_allreduce_cost(int p, double m, double alpha, double beta);
double circulant_allreduce_cost(int p, double m, double alpha, double beta);

} // namespace collscope::schedule
