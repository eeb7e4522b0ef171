#include "collscope/schedule/two_tree.hpp"

#include "collscope/schedule/bits.hpp"

#include <algorithm>

namespace collscope::schedule {

// The lecture's recursion unrolled: every step up the tree flips the colour by (n/2 mod 2)
// and by whether the parent lies to the right.
int edge_color(int n, int root, int v, int h) {
  int flips = 0;
  while (v != root) {
    while ((v & h) == 0) h <<= 1;
    const int u = ((v & (h << 1)) != 0 || v + h > n) ? v - h : v + h;
    flips ^= ((n / 2) % 2) ^ (u > v ? 1 : 0);
    v = u;
  }
  return 1 ^ flips;
}

int inorder_parent(int n, int w) {
  const int root = 1 << floor_log2(n);
  if (w == root) return 0;
  const int h = w & -w;
  return ((w & (h << 1)) != 0 || w + h > n) ? w - h : w + h;
}

TwoTree::TwoTree(int p) : p_(p), n_(p <= 1 ? 0 : ((p - 1) % 2 == 0 ? p - 1 : p - 2)) {
  for (int side : {upper, lower}) {
    parent_[side].assign(p, -1);
    color_[side].assign(p, -1);
    delay_[side].assign(p, -1);
    children_[side].assign(p, {-1, -1});
  }
  if (n_ == 0) return;
  const int first = p_ - n_; // vrank of upper position 1
  const int top = 1 << floor_log2(n_);
  const auto vrank = [&](int w) { return first - 1 + w; };
  const auto mirror = [&](int w) { return n_ + 1 - w; };
  // Upper position w and lower position mirror(w) are the same processor.
  for (int w = 1; w <= n_; ++w) {
    const int up = inorder_parent(n_, w);
    parent_[upper][vrank(w)] = up == 0 ? feeder() : vrank(up);
    const int low = inorder_parent(n_, mirror(w));
    parent_[lower][vrank(w)] = low == 0 ? feeder() : vrank(mirror(low));
  }
  // Interior (even) positions take EdgeColor; the lower tree uses the complemented colours of
  // the mirrored positions; a leaf's parent edge gets the other colour than its interior one.
  for (int w = 1; w <= n_; ++w) {
    if (w % 2 == 0) {
      color_[upper][vrank(w)] = edge_color(n_, top, w, 1);
      color_[lower][vrank(w)] = 1 - color_[upper][vrank(w)];
    } else {
      color_[lower][vrank(w)] = 1 - edge_color(n_, top, mirror(w), 1);
      color_[upper][vrank(w)] = 1 - color_[lower][vrank(w)];
    }
  }
  for (int side : {upper, lower}) {
    for (int v = first; v < p_; ++v) {
      const int par = parent_[side][v];
      if (par == feeder()) continue;
      auto& slot = children_[side][par];
      // Children in rank order (in the upper tree the smaller one is the left child).
      if (slot[0] < 0)
        slot[0] = v;
      else
        slot[1] = v;
    }
  }
  // Delays from the roots down; a parent's position is not ordered with its children's, so
  // walk from each root.
  for (int side : {upper, lower}) {
    std::vector<int> stack{root(side)};
    delay_[side][root(side)] = 0;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      for (const int c : children_[side][v]) {
        if (c < 0) continue;
        delay_[side][c] = delay_[side][v] + (color_[side][c] == color_[side][v] ? 2 : 1);
        stack.push_back(c);
      }
    }
  }
}

int TwoTree::root(int side) const {
  if (n_ == 0) return -1;
  const int top = 1 << floor_log2(n_);
  return p_ - n_ - 1 + (side == upper ? top : n_ + 1 - top);
}

TwoTreeSchedule::TwoTreeSchedule(int p, int blocks) : tree_(p), blocks_(blocks) {
  if (p <= 1 || blocks <= 0) return;
  if (tree_.nodes() == 0) { // p = 2: the relay is the only other process
    rounds_ = blocks;
    return;
  }
  for (int v = tree_.feeder() + 1; v < p; ++v)
    for (int b = std::max(0, blocks - 2); b < blocks; ++b)
      rounds_ = std::max(rounds_, arrival(v, b) + 1);
}

int TwoTreeSchedule::arrival(int v, int b) const {
  if (v == 0) return -1;
  const int relay = tree_.has_relay() ? 1 : 0;
  if (relay == 1 && v == 1) return b;
  return b + relay + tree_.delay(v, two_tree_side_of_block(b));
}

BlockStep TwoTreeSchedule::step(int v, int round) const {
  BlockStep s;
  const auto valid = [&](int b) { return b >= 0 && b < blocks_; };
  const int relay = tree_.has_relay() ? 1 : 0;
  const auto feed_target = [&](int b) {
    return tree_.nodes() == 0 ? -1 : tree_.root(two_tree_side_of_block(b));
  };
  if (v == 0) {
    if (valid(round)) s.send = {relay == 1 ? 1 : feed_target(round), round};
    return s;
  }
  if (relay == 1 && v == 1) {
    if (valid(round)) s.recv = {0, round};
    if (valid(round - 1) && tree_.nodes() > 0) s.send = {feed_target(round - 1), round - 1};
    return s;
  }
  for (int side : {upper, lower}) {
    // Block b arrives at v in round b + relay + D(v, side); it must belong to this side.
    const int b = round - relay - tree_.delay(v, side);
    if (valid(b) && two_tree_side_of_block(b) == side) s.recv = {tree_.parent(v, side), b};
    for (const int c : tree_.children(v, side)) {
      if (c < 0) continue;
      const int bc = round - relay - tree_.delay(c, side);
      if (valid(bc) && two_tree_side_of_block(bc) == side) s.send = {c, bc};
    }
  }
  return s;
}

BlockStep TwoTreeSchedule::reduce_step(int v, int round) const {
  const BlockStep forward = step(v, rounds_ - 1 - round);
  return {forward.recv, forward.send};
}

int two_tree_rounds(int p, int blocks) {
  return TwoTreeSchedule(p, blocks).rounds();
}

} // namespace collscope::schedule
