#include "collscope/schedule/sync.hpp"

#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"

namespace collscope::schedule {

std::vector<SyncStep> dissemination_steps(int rank, int p) {
  std::vector<SyncStep> steps;
  for (int k = 0, d = 1; d < p; ++k, d *= 2)
    steps.push_back({k, (rank + d) % p, (rank - d + p) % p, Combine::none});
  return steps;
}

namespace {

/// Binomial gather to vrank 0 (smallest distance first), rounds 0 … L − 1.
void gather_to_zero(int v, int p, int L, std::vector<SyncStep>& steps) {
  for (int k = 0; k < L; ++k) {
    const int d = 1 << k, low = v & (2 * d - 1);
    if (low == d)
      steps.push_back({k, v - d, -1, Combine::none});
    else if (low == 0 && v + d < p)
      steps.push_back({k, -1, v + d, Combine::none});
  }
}

/// Binomial broadcast from vrank 0 (largest distance first), rounds first … first + L − 1.
void bcast_from_zero(int v, int p, int L, int first, std::vector<SyncStep>& steps) {
  for (int j = 0; j < L; ++j) {
    const int d = 1 << (L - 1 - j), low = v & (2 * d - 1);
    if (low == 0 && v + d < p)
      steps.push_back({first + j, v + d, -1, Combine::none});
    else if (low == d)
      steps.push_back({first + j, -1, v - d, Combine::replace});
  }
}

} // namespace

std::vector<SyncStep> tree_barrier_steps(int rank, int p) {
  const int L = ceil_log2(p);
  std::vector<SyncStep> steps;
  gather_to_zero(rank, p, L, steps);
  bcast_from_zero(rank, p, L, L, steps);
  for (SyncStep& s : steps) s.combine = Combine::none;
  return steps;
}

std::vector<SyncStep> binomial_bcast_steps(int rank, int root, int p) {
  std::vector<SyncStep> steps;
  bcast_from_zero(virtual_rank(rank, root, p), p, ceil_log2(p), 0, steps);
  for (SyncStep& s : steps) {
    if (s.send_to >= 0) s.send_to = real_rank(s.send_to, root, p);
    if (s.recv_from >= 0) s.recv_from = real_rank(s.recv_from, root, p);
  }
  return steps;
}

std::vector<SyncStep> butterfly_steps(int rank, int p) {
  std::vector<SyncStep> steps;
  const int q = butterfly_core(p);
  const bool folded = q != p, paired = folded && rank < 2 * (p - q);
  const int v = butterfly_vrank(rank, p);
  if (paired) // the even rank's operand goes on the left of its odd partner's
    steps.push_back(v < 0 ? SyncStep{0, rank + 1, -1, Combine::none}
                          : SyncStep{0, -1, rank - 1, Combine::left});
  if (v >= 0)
    for (int d = 1, k = folded ? 1 : 0; d < q; d *= 2, ++k) {
      const int partner = butterfly_rank(v ^ d, p);
      steps.push_back({k, partner, partner, (v ^ d) < v ? Combine::left : Combine::right});
    }
  if (paired)
    steps.push_back(v < 0 ? SyncStep{butterfly_rounds(p) - 1, -1, rank + 1, Combine::replace}
                          : SyncStep{butterfly_rounds(p) - 1, rank - 1, -1, Combine::none});
  return steps;
}

int dissemination_rounds(int p) {
  return ceil_log2(p);
}

int tree_barrier_rounds(int p) {
  return 2 * ceil_log2(p);
}

double barrier_cost(int rounds, double alpha) {
  return rounds * alpha;
}

} // namespace collscope::schedule
