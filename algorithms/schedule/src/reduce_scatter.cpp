#include "collscope/schedule/reduce_scatter.hpp"

#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"

namespace collscope::schedule {

namespace {

int bit_reverse(int s, int bits) {
  int r = 0;
  for (int b = 0; b < bits; ++b) r |= ((s >> b) & 1) << (bits - 1 - b);
  return r;
}

/// 1 when p is not a power of two (the fold and unfold cost extra), else 0.
int folded(int p) {
  return butterfly_core(p) == p ? 0 : 1;
}

} // namespace

std::vector<HalvingStep> halving_steps(int v, int q, HalvingOrder order) {
  std::vector<HalvingStep> steps;
  int first = 0, last = q;
  const int bits = floor_log2(q);
  for (int j = 0; j < bits; ++j) {
    const int d = order == HalvingOrder::largest_first ? q >> (j + 1) : 1 << j;
    const int mid = first + (last - first) / 2;
    const bool upper = (v & d) != 0;
    HalvingStep s{
        d, v ^ d, upper ? mid : first, upper ? last : mid, upper ? first : mid, upper ? mid : last};
    steps.push_back(s);
    first = s.keep_first;
    last = s.keep_last;
  }
  return steps;
}

int halving_group(int position, int q, HalvingOrder order) {
  return order == HalvingOrder::largest_first ? position : bit_reverse(position, floor_log2(q));
}

int halving_group_first_block(int v, int p) {
  const int extra = p - butterfly_core(p);
  return v < extra ? 2 * v : v + extra;
}

int reduce_scatter_ring_rounds(int p) {
  return p - 1;
}

int reduce_scatter_halving_rounds(int p) {
  return butterfly_rounds(p);
}

double reduce_scatter_ring_cost(int p, double m, double alpha, double beta) {
  return (p - 1) * alpha + (p - 1.0) / p * beta * m;
}

double reduce_scatter_halving_cost(int p, double m, double alpha, double beta) {
  return ceil_log2(p) * alpha + (p - 1.0) / p * beta * m + folded(p) * (alpha + 2 * beta * m);
}

int rabenseifner_rounds(int p) {
  return 2 * ceil_log2(p);
}

double rabenseifner_cost(int p, double m, double alpha, double beta) {
  return 2 * ceil_log2(p) * alpha + 2 * (p - 1.0) / p * beta * m + folded(p) * 2 * beta * m;
}

} // namespace collscope::schedule
