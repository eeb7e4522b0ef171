#include "collscope/schedule/alltoall.hpp"

#include "collscope/schedule/bits.hpp"

namespace collscope::schedule {

namespace {
int mod(int a, int p) {
  return ((a % p) + p) % p;
}

/// The lecture's even construction on n = p (even) vertices: factor i has the edges
/// (i, n − 1) and ((j + i) mod (n − 1), (n − 1 − j + i) mod (n − 1)) for j = 1 … n/2 − 1,
/// so vertex u ≠ n − 1 meets 2i − u (mod n − 1), or the centre n − 1 when that is u itself.
/// (The slide's loop body, as extracted, pairs vertex 1 with itself in round 0 at p = 6; the
/// edge list above is the one the tests check.)
int even_factor_partner(int u, int n, int i) {
  if (u == n - 1) return i;
  if (u == i) return n - 1;
  return mod(2 * i - u, n - 1);
}
} // namespace

PairStep direct_alltoall_step(int rank, int p, int r) {
  return {mod(rank + r + 1, p), mod(rank - r - 1, p)};
}

int one_factor_rounds(int p) {
  if (p <= 1) return 0;
  return p % 2 == 0 ? p - 1 : p;
}

int one_factor_partner(int rank, int p, int r) {
  if (p % 2 == 0) return even_factor_partner(rank, p, r);
  const int partner = even_factor_partner(rank, p + 1, r);
  return partner == p ? -1 : partner;
}

int hypercube_alltoall_bit(int p, int k) {
  return ceil_log2(p) - 1 - k;
}

PairStep bruck_alltoall_step(int rank, int p, int k) {
  return {mod(rank + (1 << k), p), mod(rank - (1 << k), p)};
}

ExchangeStep hypercube_alltoall_exchange(int rank, int p, double m, int k) {
  const int bit = hypercube_alltoall_bit(p, k);
  const int partner = rank ^ (1 << bit);
  return {partner, partner, static_cast<double>(slots_with_bit(p, bit).size()) * m / p};
}

ExchangeStep bruck_alltoall_exchange(int rank, int p, double m, int k) {
  const PairStep s = bruck_alltoall_step(rank, p, k);
  return {s.send_to, s.recv_from, static_cast<double>(slots_with_bit(p, k).size()) * m / p};
}

ExchangeRounds hypercube_alltoall_rounds(int p, double m, int) {
  return {ceil_log2(p),
          [=](int rank, int k) { return hypercube_alltoall_exchange(rank, p, m, k); }};
}

ExchangeRounds bruck_alltoall_rounds(int p, double m, int) {
  return {ceil_log2(p), [=](int rank, int k) { return bruck_alltoall_exchange(rank, p, m, k); }};
}

std::vector<int> slots_with_bit(int p, int bit) {
  std::vector<int> slots;
  for (int j = 0; j < p; ++j)
    if ((j >> bit) & 1) slots.push_back(j);
  return slots;
}

SlotBlock bruck_slot(int rank, int p, int j, int rounds_done) {
  // The block of slot j has travelled the distances of j's lowest `rounds_done` bits so far.
  const int travelled = rounds_done >= 31 ? j : j & ((1 << rounds_done) - 1);
  const int origin = mod(rank - travelled, p);
  return {origin, mod(origin + j, p)};
}

SlotBlock hypercube_slot(int rank, int p, int j, int rounds_done) {
  const int d = ceil_log2(p);
  // Rounds cross bits d − 1, d − 2, …: the highest `rounds_done` bits of j are done.
  const int crossed = j & ~((1 << (d - rounds_done)) - 1) & ((1 << d) - 1);
  const int origin = rank ^ crossed;
  return {origin, origin ^ j};
}

double bruck_alltoall_bound(int p, double m, double alpha, double beta) {
  return ceil_log2(p) * (alpha + beta * m / 2);
}

double bruck_alltoall_time(int p, double m, double alpha, double beta) {
  double t = 0;
  for (int k = 0; k < ceil_log2(p); ++k)
    t += alpha + beta * static_cast<double>(slots_with_bit(p, k).size()) * m / p;
  return t;
}

} // namespace collscope::schedule
