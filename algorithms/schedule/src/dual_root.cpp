#include "collscope/schedule/dual_root.hpp"

#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/inorder_tree.hpp"

#include <algorithm>
#include <climits>

namespace collscope::schedule {

namespace {

/// A node's offset o(v) relative to its top: each step down costs s − 1 rounds, less one for
/// a right (second) child, which its parent serves one slot later.
int offset(const InorderNode& node, int s) {
  return -node.depth * (s - 1) + node.second;
}

/// The first and last round of `rank`'s exchanges before renumbering.
struct Span {
  int first = INT_MAX;
  int last = INT_MIN;
};
Span span(int rank, int p, int blocks) {
  const int s = dual_root_slots(p);
  const DualRootTree t = dual_root_tree(rank, p);
  const InorderNode node = inorder_node(t.lo, t.hi, t.top, rank);
  const int o = offset(node, s);
  const bool leaf = node.left < 0 && node.right < 0;
  // A leaf's first exchange is with its parent in slot s − 1, anyone else's with its first
  // child in slot 0; the last is the one that brings (or, at a top, makes) result block M − 1.
  return {leaf ? o + s - 1 : o, o + s * (blocks - 1 + node.depth) + s - 1};
}

} // namespace

DualRootTree dual_root_tree(int rank, int p) {
  const int h = (p + 1) / 2;
  if (rank < h) return {0, h, inorder_middle(0, h), true};
  return {h, p, inorder_middle(h, p), false};
}

int dual_root_partner(int rank, int p) {
  if (p <= 1) return -1;
  const DualRootTree t = dual_root_tree(rank, p);
  if (t.top != rank) return -1;
  return t.first ? dual_root_tree(p - 1, p).top : dual_root_tree(0, p).top;
}

int dual_root_slots(int p) {
  return p <= 2 ? 1 : p <= 4 ? 2 : 3;
}

std::vector<DualRootStep> dual_root_steps(int rank, int p, int blocks) {
  std::vector<DualRootStep> steps;
  if (p <= 1 || blocks <= 0) return steps;
  int first = INT_MAX;
  for (int r = 0; r < p; ++r) first = std::min(first, span(r, p, blocks).first);
  const int s = dual_root_slots(p);
  const DualRootTree t = dual_root_tree(rank, p);
  const InorderNode node = inorder_node(t.lo, t.hi, t.top, rank);
  const int o = offset(node, s) - first, d = node.depth;
  const auto block = [&](int b) { return b >= 0 && b < blocks ? b : -1; };
  const auto add = [&](DualRootPeer with, int peer, int send, int recv, int round) {
    if (send >= 0 || recv >= 0) steps.push_back({with, peer, send, recv, round});
  };
  for (int j = 0; j <= blocks + d; ++j) {
    int k = 0;
    for (const int child : {node.left, node.right})
      if (child >= 0) add(DualRootPeer::child, child, block(j - d - 1), block(j), o + s * j + k++);
    if (node.parent >= 0)
      add(DualRootPeer::parent, node.parent, block(j), block(j - d), o + s * j + s - 1);
    else
      add(DualRootPeer::other_root, dual_root_partner(rank, p), block(j), block(j),
          o + s * j + s - 1);
  }
  return steps;
}

int dual_root_rounds(int p, int blocks) {
  if (p <= 1 || blocks <= 0) return 0;
  Span all;
  for (int r = 0; r < p; ++r) {
    const Span one = span(r, p, blocks);
    all.first = std::min(all.first, one.first);
    all.last = std::max(all.last, one.last);
  }
  return all.last - all.first + 1;
}

int dual_root_round_bound(int p, int blocks) {
  if (p <= 1) return 0;
  return 3 * (blocks - 1) + 4 * floor_log2(p + 1);
}

} // namespace collscope::schedule
