#include "collscope/schedule/binomial.hpp"

#include "collscope/schedule/bits.hpp"

#include <algorithm>

namespace collscope::schedule {

int preorder_parent(int v, int /*p*/) {
  return v == 0 ? -1 : v & (v - 1);
}

int preorder_subtree_size(int v, int p) {
  if (v == 0) return p;
  return std::min(1 << lowest_set_bit(v), p - v);
}

std::vector<TreeEdge> preorder_children(int v, int p) {
  std::vector<TreeEdge> children;
  const int limit = v == 0 ? ceil_log2(p) : lowest_set_bit(v);
  for (int j = 0; j < limit; ++j) {
    const int child = v + (1 << j);
    if (child >= p) break;
    children.push_back({child, preorder_subtree_size(child, p), j});
  }
  return children;
}

int preorder_gather_round(int v) {
  return lowest_set_bit(v);
}

int preorder_topdown_round(int v, int p) {
  return ceil_log2(p) - 1 - lowest_set_bit(v);
}

int bitreversed_parent(int v) {
  return v == 0 ? -1 : v - (1 << highest_set_bit(v));
}

std::vector<TreeEdge> bitreversed_children(int v, int p) {
  std::vector<TreeEdge> children;
  int k = v == 0 ? 0 : highest_set_bit(v) + 1;
  for (; v + (1 << k) < p; ++k) {
    const int child = v + (1 << k);
    // Child v + 2^k owns every w ≡ child (mod 2^(k+1)) reached later: p − child vranks spaced
    // 2^(k+1) apart, each carrying its own bit-reversed subtree of the remaining rounds.
    int size = 0;
    for (int w = child; w < p; w += 1 << (k + 1)) ++size;
    children.push_back({child, size, k});
  }
  return children;
}

int bitreversed_round(int v) {
  return highest_set_bit(v);
}

} // namespace collscope::schedule
