// The Sanders–Speck–Träff two-tree (seeds/001, "Two (pipelined) binary trees", EdgeColor):
// two in-order binary trees over the same n processors, the lower one the mirror image of the
// upper (position w ↔ n + 1 − w, the lecture's rank' = p − rank), so every processor is an
// interior node in one tree and a leaf in the other. n must be even: vrank 0 is the source and
// the trees hold vranks 1..p−1 when p − 1 is even; otherwise vrank 1 is a virtual root (relay)
// between the source and the trees, and the trees hold vranks 2..p−1.
//
//   p = 11, n = 10: upper tree (positions = vranks; the lower tree is its mirror image)
//
//                  8          source 0 sends to the upper root 8 and to the lower root
//               /     \       3 = n + 1 − 8; lower parent of x = n + 1 − (upper parent of
//             4        10     n + 1 − x).
//           /   \     /
//          2     6   9
//         / \   / \   (in-order)
//        1   3 5   7
//
// Edges are 2-coloured by the lecture's EdgeColor so that a processor's two parent edges have
// different colours and so do the edges to its children; colour c edges are used in rounds
// of parity 1 − c (plus one round when there is a relay). The source sends block b in round b
// to the upper tree if b is even, to the lower if odd; block b reaches a processor x in round
// b + D(x, tree(b)) (+1 with a relay), where D grows by 1 along an edge whose colour differs
// from the parent's own parent edge and by 2 otherwise. Every processor receives one block and
// sends one block per round: rounds = M + max D (+1 with a relay), i.e. about
// M + 2⌈log₂p⌉ — full bandwidth at twice the binary tree's depth in latency, not 2M.
#pragma once

#include "collscope/schedule/block_step.hpp"

#include <array>
#include <vector>

namespace collscope::schedule {

/// The lecture's EdgeColor(p, root, v, H) for an in-order tree over 1..n (n even) with root
/// the highest power of two ≤ n: the colour (0/1) of the edge from interior (even) node v to
/// its parent in the upper tree when called with H = 1; 1 for the root (its edge to the source).
int edge_color(int n, int root, int v, int h);

/// Parent position of w in the in-order tree over 1..n; 0 for the root.
int inorder_parent(int n, int w);

enum TwoTreeSide { upper = 0, lower = 1 };

class TwoTree {
public:
  explicit TwoTree(int p);

  [[nodiscard]] int size() const { return p_; }
  /// Processors in each tree (even).
  [[nodiscard]] int nodes() const { return n_; }
  /// True when vrank 1 relays between the source and the trees (p − 1 odd).
  [[nodiscard]] bool has_relay() const { return p_ - n_ == 2; }
  /// The vrank that sends into both tree roots: 0, or the relay 1.
  [[nodiscard]] int feeder() const { return p_ - n_ - 1; }
  /// Vrank of the root of `side`'s tree (−1 when there are no trees).
  [[nodiscard]] int root(int side) const;
  /// For a tree vrank v (≥ p − n): its parent vrank in `side`'s tree (the feeder for a root),
  /// the colour of that edge, its children (−1: none) and D(v, side).
  [[nodiscard]] int parent(int v, int side) const { return parent_[side][v]; }
  [[nodiscard]] int color(int v, int side) const { return color_[side][v]; }
  [[nodiscard]] std::array<int, 2> children(int v, int side) const { return children_[side][v]; }
  [[nodiscard]] int delay(int v, int side) const { return delay_[side][v]; }
  [[nodiscard]] bool in_trees(int v) const { return v >= p_ - n_; }

private:
  int p_;
  int n_;
  std::array<std::vector<int>, 2> parent_, color_, delay_;
  std::array<std::vector<std::array<int, 2>>, 2> children_;
};

/// Block b travels down the upper tree when even, the lower when odd.
inline int two_tree_side_of_block(int b) {
  return b % 2;
}

class TwoTreeSchedule {
public:
  TwoTreeSchedule(int p, int blocks);

  [[nodiscard]] const TwoTree& tree() const { return tree_; }
  [[nodiscard]] int blocks() const { return blocks_; }
  [[nodiscard]] int rounds() const { return rounds_; }
  /// Broadcast from vrank 0: what vrank v sends and receives in `round`.
  [[nodiscard]] BlockStep step(int v, int round) const;
  /// Reduction to vrank 0: the broadcast run backwards (round r ↔ rounds − 1 − r, sends ↔
  /// receives), so a node has heard from every child in a tree before it sends to the parent.
  [[nodiscard]] BlockStep reduce_step(int v, int round) const;
  /// Round in which vrank v receives block b in the broadcast (−1 for vrank 0).
  [[nodiscard]] int arrival(int v, int b) const;

private:
  TwoTree tree_;
  int blocks_;
  int rounds_ = 0;
};

int two_tree_rounds(int p, int blocks);

} // namespace collscope::schedule
