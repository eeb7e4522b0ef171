// Integer helpers shared by every schedule: logarithms and the shift of ranks towards root 0.
#pragma once

namespace collscope::schedule {

/// ⌈log₂ p⌉ for p ≥ 1 (0 for p = 1): the round count of every binomial-like schedule.
int ceil_log2(int p);
/// ⌊log₂ p⌋ for p ≥ 1.
int floor_log2(int p);
/// Index of the lowest set bit of v > 0.
int lowest_set_bit(int v);
/// Index of the highest set bit of v > 0.
int highest_set_bit(int v);

/// The lecture's "shift towards 0": rank' = (rank − root + p) mod p.
inline int virtual_rank(int rank, int root, int p) {
  return (rank - root + p) % p;
}
/// Inverse of virtual_rank.
inline int real_rank(int vrank, int root, int p) {
  return (vrank + root) % p;
}

} // namespace collscope::schedule
