#include "collscope/schedule/jia.hpp"

#include "collscope/schedule/bits.hpp"

#include <algorithm>
#include <bit>

namespace collscope::schedule {

namespace {

int bit(int i, int j, int q) {
  return (i >> (j % q)) & 1;
}

// Role switches of unit r before round j: the 1-bits of r met at positions 0..j−1 (mod q),
// the lecture's u(i, j) through SWITCH(i).
int switches(int r, int j, int q) {
  const auto u = static_cast<unsigned>(r);
  return std::popcount(u) * (j / q) + std::popcount(u & ((1u << (j % q)) - 1u));
}

} // namespace

int jia_nextbit(int i, int j, int q) {
  if (i == 0) return q;
  for (int d = 1; d <= q; ++d)
    if (bit(i, j + d, q) == 1) return d;
  return q; // unreachable for i ≠ 0
}

int jia_s(int i, int j, int q) {
  return j - q + (1 - bit(i, j, q)) * jia_nextbit(i, j % q, q);
}

int jia_t(int i, int j, int q) {
  return j - q + bit(i, j, q) * jia_nextbit(i, j % q, q);
}

int jia_co(int i, int p) {
  const int cube = 1 << floor_log2(p);
  if (i == 0) return 0;
  if (i <= p - cube) return cube - 1 + i;
  if (i < cube) return i;
  return i - cube + 1;
}

int jia_rep(int i, int p) {
  return i < (1 << floor_log2(p)) ? i : jia_co(i, p);
}

int jia_out(int r, int j, int p) {
  const int co = jia_co(r, p);
  if (co == r) return r;
  return switches(r, j, floor_log2(p)) % 2 == 1 ? r : co;
}

int jia_in(int r, int j, int p) {
  const int co = jia_co(r, p);
  if (co == r) return r;
  return switches(r, j, floor_log2(p)) % 2 == 1 ? co : r;
}

int jia_rounds(int p, int blocks) {
  if (p <= 1 || blocks <= 0) return 0;
  return blocks - 1 + ceil_log2(p);
}

BlockStep jia_step(int p, int blocks, int i, int j) {
  BlockStep s;
  if (p <= 1 || blocks <= 0) return s;
  const int q = floor_log2(p);
  const int r = jia_rep(i, p);
  const bool pair = jia_co(r, p) != r;
  const auto clamp = [&](int b) { return std::min(b, blocks - 1); };
  if (j == blocks - 1 + q) { // the extra round of a pair: swap M − 1 and M − 2
    if (!pair) return s;
    const bool out = i == jia_out(r, j, p);
    const int peer = jia_co(i, p);
    s.send = {peer, out ? blocks - 1 : blocks - 2};
    s.recv = {peer, out ? blocks - 2 : blocks - 1};
    if (blocks < 2) (out ? s.recv : s.send) = {};
    return s;
  }
  if (j < 0 || j > blocks - 1 + q) return s;
  const int partner = r ^ (1 << (j % q));
  const int sb = jia_s(r, j, q), tb = jia_t(r, j, q), handed = j - q - 1;
  const bool is_out = i == jia_out(r, j, p), is_in = i == jia_in(r, j, p);
  // The unit sends s(r, j) from its out member to the partner unit's in member; the root
  // never receives, so nothing goes to unit 0.
  if (is_out && sb >= 0 && partner != 0) s.send = {jia_in(partner, j, p), clamp(sb)};
  if (is_in && tb >= 0 && r != 0) s.recv = {jia_out(partner, j, p), clamp(tb)};
  if (pair && handed >= 0) {
    if (is_in)
      s.send = {jia_out(r, j, p), clamp(handed)};
    else
      s.recv = {jia_in(r, j, p), clamp(handed)};
  }
  return s;
}

} // namespace collscope::schedule
