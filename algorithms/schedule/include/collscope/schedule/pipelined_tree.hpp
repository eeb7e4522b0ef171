// Pipelined broadcast down a tree of out-degree ≤ 2 (seeds/001, "Problem with balanced binary
// tree", "An imbalanced binary tree: Fibonacci tree", "Broadcast (reduction) trees:
// Properties"). The message is cut into M blocks; a node forwards each block to its first
// child in the round after it arrived and to its second child one round later, so with two
// children it sends every round and receives every second round.
//
//   binary tree, p = 7 (heap order)       round:  0    1    2    3    4    5
//          0                               0→1    b0        b1        b2
//        /   \                             0→2         b0        b1        b2
//       1     2                            1→3         b0        b1        b2
//      / \   / \                           1→4              b0        b1
//     3   4 5   6                          2→5              b0  …
//
// Vrank v receives block k in round A(v) + I·k, where I = 2 (1 when every node has at most
// one child: a chain) and A(child j of v) = A(v) + 1 + j, A(root) = −1. Hence
// rounds = max A + 1 + I(M − 1): for the complete binary tree T_i the first leaf has block 0
// after i rounds, the last after 2i; for the Fibonacci tree F_i every leaf after i rounds.
#pragma once

#include "collscope/schedule/block_step.hpp"

#include <array>
#include <vector>

namespace collscope::schedule {

/// A rooted tree over vranks 0..p−1 with root 0 and at most two children per node, first
/// child first.
struct Tree {
  std::vector<int> parent;                  // −1 for the root
  std::vector<std::array<int, 2>> children; // −1 where there is none
};

/// Balanced binary tree in heap order: the children of v are 2v + 1 and 2v + 2.
Tree binary_tree(int p);

/// Number of nodes of the Fibonacci tree F_i: Fib(i + 3) − 1 (1, 2, 4, 7, 12, 20, 33, …);
/// 0 for i < 0.
long long fibonacci_tree_size(int i);
/// The smallest i with F_i ≥ p: the Fibonacci broadcast's latency in rounds.
int fibonacci_order(int p);
/// F_i pruned to p nodes in pre-order: the left subtree is an F_{i−1} holding as many nodes
/// as fit, the right an F_{i−2} with the rest, so every node is at most i rounds deep.
Tree fibonacci_tree(int p);

/// The pipelined schedule of M blocks down `tree` (see the header comment).
class PipelinedTree {
public:
  PipelinedTree(Tree tree, int blocks);

  [[nodiscard]] int size() const { return static_cast<int>(tree_.parent.size()); }
  [[nodiscard]] int blocks() const { return blocks_; }
  /// Rounds between two blocks arriving at a node: 2, or 1 on a chain.
  [[nodiscard]] int interval() const { return interval_; }
  /// A(v): the round in which v receives block 0 (−1 for the root).
  [[nodiscard]] int first_arrival(int v) const { return arrival_[v]; }
  /// max A(v) + 1 + I(M − 1); 0 when p = 1 or M = 0.
  [[nodiscard]] int rounds() const;
  [[nodiscard]] const Tree& tree() const { return tree_; }
  /// What vrank v sends and receives in `round` (peers are vranks).
  [[nodiscard]] BlockStep step(int v, int round) const;

private:
  Tree tree_;
  int blocks_;
  int interval_ = 2;
  std::vector<int> arrival_;
};

/// Rounds of the pipelined binary-tree and Fibonacci-tree broadcasts of M blocks.
int binary_pipeline_rounds(int p, int blocks);
int fibonacci_pipeline_rounds(int p, int blocks);

} // namespace collscope::schedule
