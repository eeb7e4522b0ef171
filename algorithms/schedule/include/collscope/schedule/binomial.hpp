// Binomial trees over virtual ranks 0..p−1 (root 0), in the two namings of the lecture
// (seeds/001, "Binomial tree: Naming (ranks)" and "Binomial tree broadcast without harmful
// algorithmic latency").
//
// Pre-order naming, used by gather, scatter and reduce (p = 7):
//
//            0                 round 0: 1→0  3→2  5→4      (gather direction)
//        ┌───┼───┐             round 1: 2→0  6→4
//        1   2   4             round 2: 4→0
//            │  ┌┴┐
//            3  5 6
//
// A vrank v = Y10…0 (lowest set bit k) has parent Y00…0 and children v + 2^j for j < k; its
// subtree is the contiguous range [v, v + 2^k) cut at p, which is what lets gather and scatter
// move whole subtrees as one contiguous message.
//
// Bit-reversed naming, used by the broadcast without harmful algorithmic latency: in round k
// every v < 2^k that has the data sends it to v + 2^k, so v's parent clears its highest set bit
// and its children are v + 2^k for 2^k > v.
#pragma once

#include <vector>

namespace collscope::schedule {

struct TreeEdge {
  int vrank;        ///< the other end of the edge (child or parent), as a virtual rank
  int subtree_size; ///< number of vranks in the child's subtree
  int round;        ///< 0-based round in which the edge carries its message
};

/// Parent of v in the pre-order binomial tree, or −1 for the root.
int preorder_parent(int v, int p);
/// Size of v's subtree in the pre-order binomial tree (p for the root).
int preorder_subtree_size(int v, int p);
/// Children v + 2^j of v in increasing j, the order a gather receives them in; `round` is j.
std::vector<TreeEdge> preorder_children(int v, int p);
/// Round in which v ≠ 0 sends to its parent in a gather or reduce: its lowest set bit.
int preorder_gather_round(int v);
/// Round of the edge into v ≠ 0 when the tree is used top-down (scatter, pre-order broadcast):
/// ⌈log₂p⌉ − 1 − lowest_set_bit(v), the mirror image of the gather round.
int preorder_topdown_round(int v, int p);

/// Parent of v in the bit-reversed binomial tree, or −1 for the root.
int bitreversed_parent(int v);
/// Children of v, in the order they are sent to; `round` is k for child v + 2^k.
std::vector<TreeEdge> bitreversed_children(int v, int p);
/// Round in which v ≠ 0 receives in the bit-reversed broadcast: its highest set bit.
int bitreversed_round(int v);

} // namespace collscope::schedule
