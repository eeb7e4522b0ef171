#include "collscope/schedule/inorder_tree.hpp"

#include "collscope/schedule/bits.hpp"

#include <algorithm>
#include <utility>

namespace collscope::schedule {

namespace {

/// The round at which the top of a balanced subtree of n ranks can send its partial result
/// (its last receive + 1; 0 for a leaf). Depends on n only: the middle split is the same
/// wherever the range starts.
int ready(int n);

/// Rounds in which a node with subtrees of `left` and `right` ranks receives them, in program
/// order, with the child each comes from (true: left), and the node's own readiness.
struct Receipts {
  std::vector<std::pair<bool, int>> order;
  int ready = 0;
};
Receipts receipts(int left, int right) {
  Receipts r;
  if (left > 0) r.order.emplace_back(true, ready(left));
  if (right > 0) r.order.emplace_back(false, ready(right));
  // The subtree that is ready first first; on a tie the left one.
  std::stable_sort(r.order.begin(), r.order.end(),
                   [](const auto& a, const auto& b) { return a.second < b.second; });
  int next = 0;
  for (auto& [is_left, round] : r.order) {
    round = std::max(round, next);
    next = round + 1;
  }
  r.ready = next;
  return r;
}

int ready(int n) {
  if (n <= 1) return 0;
  const int left = n / 2;
  return receipts(left, n - left - 1).ready;
}

} // namespace

InorderNode inorder_node(int lo, int hi, int top, int rank) {
  InorderNode node;
  int parent = -1;
  for (;;) {
    if (rank == top) {
      node.parent = parent;
      node.left = top > lo ? inorder_middle(lo, top) : -1;
      node.right = hi > top + 1 ? inorder_middle(top + 1, hi) : -1;
      node.lo = lo;
      node.hi = hi;
      return node;
    }
    parent = top;
    ++node.depth;
    if (rank < top) {
      hi = top;
    } else {
      lo = top + 1;
      ++node.second;
    }
    top = inorder_middle(lo, hi);
  }
}

int inorder_depth(int lo, int hi, int top) {
  int depth = 0;
  for (int r = lo; r < hi; ++r) depth = std::max(depth, inorder_node(lo, hi, top, r).depth);
  return depth;
}

InorderReducePlan inorder_reduce_plan(int rank, int p, int root) {
  InorderReducePlan plan;
  // Walk from the top down to `rank`: the round a node sends in is the round its parent
  // receives it, which only the parent's receipts know.
  int lo = 0, hi = p, top = root, send_round = -1, parent = -1;
  for (;;) {
    const Receipts r = receipts(top - lo, hi - top - 1);
    if (top == rank) {
      for (const auto& [is_left, round] : r.order)
        plan.receives.push_back(
            {is_left ? inorder_middle(lo, top) : inorder_middle(top + 1, hi), round});
      plan.send = {parent, send_round};
      return plan;
    }
    const bool go_left = rank < top;
    for (const auto& [is_left, round] : r.order)
      if (is_left == go_left) send_round = round;
    parent = top;
    if (go_left) {
      hi = top;
    } else {
      lo = top + 1;
    }
    top = inorder_middle(lo, hi);
  }
}

int inorder_reduce_rounds(int p, int root) {
  if (p <= 1) return 0;
  return receipts(root, p - root - 1).ready;
}

int inorder_reduce_round_bound(int p) {
  return 2 * ceil_log2(p);
}

} // namespace collscope::schedule
