#include "collscope/schedule/dual_root.hpp"

#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/inorder_tree.hpp"

#include <algorithm>
#include <set>

namespace collscope::schedule {

namespace {

/// `rank`'s node and its offset o(v) relative to its top: each step down costs s − 1 rounds,
/// less one for a right (second) child, which its parent serves one slot later.
struct Placed {
  InorderNode node;
  int offset = 0;
};
Placed place(int rank, int p, int s) {
  const DualRootTree t = dual_root_tree(rank, p);
  const InorderNode node = inorder_node(t.lo, t.hi, t.top, rank);
  return {node, -node.depth * (s - 1) + node.second};
}

/// The exchanges of iteration j (rounds before renumbering: relative to the tops' first).
void iteration(int rank, int p, int blocks, int s, const Placed& v, int j,
               std::vector<DualRootStep>& out) {
  const int d = v.node.depth;
  const auto block = [&](int b) { return b >= 0 && b < blocks ? b : -1; };
  const auto add = [&](DualRootPeer with, int peer, int send, int recv, int round) {
    if (send >= 0 || recv >= 0) out.push_back({with, peer, send, recv, round});
  };
  int k = 0;
  for (const int child : {v.node.left, v.node.right})
    if (child >= 0)
      add(DualRootPeer::child, child, block(j - d - 1), block(j), v.offset + s * j + k++);
  if (v.node.parent >= 0)
    add(DualRootPeer::parent, v.node.parent, block(j), block(j - d), v.offset + s * j + s - 1);
  else
    add(DualRootPeer::other_root, dual_root_partner(rank, p), block(j), block(j),
        v.offset + s * j + s - 1);
}

/// Tree A's top has the most children (s − 1) and is busy in every round from 0 to
/// `busy_end()`: its children in slots 0 … s − 2 of iterations 0 … M, the other root in slot
/// s − 1 of iterations 0 … M − 1. Rounds outside that window are used by deeper nodes during
/// the first and last few iterations only, and some not at all (a node with one child idles in
/// one slot); the renumbering leaves the unused ones out, so the trace has no empty round.
struct Renumbering {
  int busy_end = 0;
  std::vector<int> before, after; ///< used rounds < 0 and > busy_end, increasing

  Renumbering(int p, int blocks) {
    const int s = dual_root_slots(p);
    busy_end = s == 1 ? blocks - 1 : s * blocks + s - 2;
    std::set<int> early, late;
    std::vector<DualRootStep> steps;
    for (int r = 0; r < p; ++r) {
      const Placed v = place(r, p, s);
      // Only the iterations that can reach outside the window: O(depth) per rank.
      for (int j = 0; j <= blocks + v.node.depth && v.offset + s * j < 0; ++j)
        iteration(r, p, blocks, s, v, j, steps);
      for (int j = blocks + v.node.depth; j >= 0 && v.offset + s * j + s - 1 > busy_end; --j)
        iteration(r, p, blocks, s, v, j, steps);
    }
    for (const DualRootStep& step : steps) {
      if (step.round < 0) early.insert(step.round);
      if (step.round > busy_end) late.insert(step.round);
    }
    before.assign(early.begin(), early.end());
    after.assign(late.begin(), late.end());
  }
  int index(int round) const {
    const int shift = static_cast<int>(before.size());
    if (round < 0)
      return static_cast<int>(std::lower_bound(before.begin(), before.end(), round) -
                              before.begin());
    if (round <= busy_end) return shift + round;
    return shift + busy_end + 1 +
           static_cast<int>(std::lower_bound(after.begin(), after.end(), round) - after.begin());
  }
  int rounds() const { return static_cast<int>(before.size() + after.size()) + busy_end + 1; }
};

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
  const int s = dual_root_slots(p);
  const Placed v = place(rank, p, s);
  for (int j = 0; j <= blocks + v.node.depth; ++j) iteration(rank, p, blocks, s, v, j, steps);
  const Renumbering renumbering(p, blocks);
  for (DualRootStep& step : steps) step.round = renumbering.index(step.round);
  return steps;
}

int dual_root_rounds(int p, int blocks) {
  if (p <= 1 || blocks <= 0) return 0;
  return Renumbering(p, blocks).rounds();
}

int dual_root_round_bound(int p, int blocks) {
  if (p <= 1) return 0;
  return 3 * (blocks - 1) + 4 * floor_log2(p + 1);
}

} // namespace collscope::schedule
