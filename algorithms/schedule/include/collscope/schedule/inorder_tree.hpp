// In-order binary trees over a contiguous range of ranks (seeds/001, "Complete, balanced,
// binary tree: Naming (in-order)": the ranks of every subtree form a consecutive range, so a
// reduction up the tree keeps rank order and non-commutative operations are fine).
//
// The tree over [lo, hi) with top t has the left subtree [lo, t) and the right subtree
// [t + 1, hi), each topped by its middle a + (b − a)/2, recursively:
//
//   [0, 7), top 3:        3          [0, 7), top 0:   0
//                       /   \                         \    (right subtree [1, 7))
//                      1     5                         4
//                     / \   / \                      /   \   (balanced halves)
//                    0   2 4   6                    2     6
//                                                  / \   /    (in-order)
//                                                 1   3 5
//
// A reduction to the top: a node receives the partial results of its two subtrees one after
// the other (the subtree that is ready first first) and sends its own up in the next round.
// Leaves send in round 0; a node whose children are ready at rounds a ≤ b receives in rounds a
// and max(a + 1, b) and is ready one round later. Rounds: the top's readiness, at most 2⌈log₂p⌉
// for any top (tests/unit/test_inorder_dual_root.cpp).
#pragma once

#include <vector>

namespace collscope::schedule {

struct InorderNode {
  int parent = -1; ///< −1 at the top
  int left = -1;   ///< lower ranks; −1: none
  int right = -1;  ///< higher ranks; −1: none
  int depth = 0;   ///< 0 at the top
  int second = 0;  ///< how many steps of the path from the top went to a right child
  int lo = 0, hi = 0; ///< the node's subtree: ranks [lo, hi)
};

/// The middle of [lo, hi): the top of a balanced subtree over it.
inline int inorder_middle(int lo, int hi) {
  return lo + (hi - lo) / 2;
}
/// `rank`'s node in the in-order tree over [lo, hi) with top `top` (lo ≤ rank, top < hi).
InorderNode inorder_node(int lo, int hi, int top, int rank);
/// The depth of the deepest node (0 for one node).
int inorder_depth(int lo, int hi, int top);

/// One message of the in-order reduction: to or from `peer` in `round`.
struct TreeMessage {
  int peer = -1;
  int round = -1;
};
/// What `rank` does in the reduction to `root` over [0, p): its receives in program order
/// (children, the one whose subtree is ready first first) and its send (peer −1 at the root).
struct InorderReducePlan {
  std::vector<TreeMessage> receives;
  TreeMessage send;
};
InorderReducePlan inorder_reduce_plan(int rank, int p, int root);
/// Rounds of the reduction to `root` (0 for p = 1).
int inorder_reduce_rounds(int p, int root);
/// The bound for every root the registry prints: 2⌈log₂p⌉.
int inorder_reduce_round_bound(int p);

} // namespace collscope::schedule
