#include "collscope/schedule/allreduce.hpp"

#include "collscope/schedule/bits.hpp"

namespace collscope::schedule {

std::vector<CirculantReduceRound> circulant_allreduce_rounds(int p) {
  std::vector<CirculantReduceRound> rounds;
  if (p <= 1) return rounds;
  int n = 0;
  for (int j = highest_set_bit(p - 1); j >= 0; --j) {
    const int bit = ((p - 1) >> j) & 1;
    rounds.push_back({bit, n, n + bit});
    n = 2 * n + bit;
  }
  return rounds;
}

int butterfly_core(int p) {
  return 1 << floor_log2(p);
}

int butterfly_vrank(int rank, int p) {
  const int extra = p - butterfly_core(p);
  if (rank < 2 * extra) return rank % 2 == 0 ? -1 : rank / 2;
  return rank - extra;
}

int butterfly_rank(int vrank, int p) {
  const int extra = p - butterfly_core(p);
  return vrank < extra ? 2 * vrank + 1 : vrank + extra;
}

int butterfly_rounds(int p) {
  const int q = butterfly_core(p);
  return floor_log2(p) + (q == p ? 0 : 2);
}

ElementBlock ring_block(std::int64_t count, int p, int b) {
  const std::int64_t base = count / p, rest = count % p;
  return {b * base + (b < rest ? b : rest), base + (b < rest ? 1 : 0)};
}

int reduce_bcast_rounds(int p) {
  return 2 * ceil_log2(p);
}

double reduce_bcast_cost(int p, double m, double alpha, double beta) {
  return reduce_bcast_rounds(p) * (alpha + beta * m);
}

double butterfly_allreduce_cost(int p, double m, double alpha, double beta) {
  return butterfly_rounds(p) * (alpha + beta * m);
}

int ring_allreduce_rounds(int p) {
  return 2 * (p - 1);
}

double ring_allreduce_cost(int p, double m, double alpha, double beta) {
  return 2 * (p - 1) * alpha + 2.0 * (p - 1) / p * beta * m;
}

double circulant_allreduce_cost(int p, double m, double alpha, double beta) {
  return ceil_log2(p) * (alpha + beta * m);
}

} // namespace collscope::schedule
