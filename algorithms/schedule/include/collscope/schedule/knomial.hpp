// k-nomial trees over virtual ranks 0..p−1 (root 0), radix k ≥ 2 (seeds/001, "Final remark:
// binomial and k-nomial trees", "Easy generalization: k-ported"). Write v in base k: v's parent
// clears v's lowest non-zero digit, and v's children are v + c·k^i for every level i below that
// digit (every level for the root) and c = 1 … k−1, as long as they are < p. A child at level i
// heads the contiguous range [v + c·k^i, v + (c+1)·k^i) cut at p, so gather and scatter move a
// subtree as one message, and the subtrees of v's children follow v in vrank order.
//
//   p = 9, k = 3:            0                  top-down round 0: 0→3 0→6
//                     ┌──┬──┼──┬──┐                         round 1: 0→1 0→2 3→4 3→5 6→7 6→8
//                     1  2  3     6
//                          ┌┴┐   ┌┴┐
//                          4 5   7 8
//
// The tree has L = ⌈log_k p⌉ levels. A k-ported rank (k−1 ports) sends or receives the up to
// k−1 messages of one level at once, so every level is one round: L rounds, against
// (k−1)·L message times when one port serialises them. k = 2 is the pre-order binomial tree.
#pragma once

#include "collscope/schedule/binomial.hpp"

#include <vector>

namespace collscope::schedule {

/// ⌈log_k p⌉: the levels (rounds) of the k-nomial tree on p ranks; 0 for p ≤ 1.
int knomial_levels(int p, int k);
/// Parent of v in the k-nomial tree, or −1 for the root (v = 0).
int knomial_parent(int v, int k);
/// Level of the edge from v ≠ 0 up to its parent: the position of v's lowest non-zero digit.
int knomial_level(int v, int k);
/// Number of vranks in v's subtree (p for the root).
int knomial_subtree_size(int v, int p, int k);

/// The children of one level of v: the up to k−1 messages a k-ported rank posts at once.
struct KnomialLevel {
  int level;                   ///< i: the children are v + c·k^i, c = 1 … k−1
  std::vector<TreeEdge> edges; ///< in increasing c; TreeEdge::round = level
};
/// v's levels in increasing level, the order a gather or reduce receives them in (bottom-up
/// round = level); a broadcast or scatter sends them in the reverse order.
std::vector<KnomialLevel> knomial_child_levels(int v, int p, int k);
/// Top-down round (broadcast, scatter) of an edge at `level`: L − 1 − level.
int knomial_topdown_round(int level, int p, int k);

// α-β costs, m = bytes of the whole collective. One-ported: a rank's k−1 messages of a level
// take turns on its one port. k-ported: a rank has k−1 send and k−1 receive ports, so the
// messages of a level overlap and a level costs its largest message (tests/unit/
// test_knomial_schedule.cpp simulates both on the trees for p = 1..64 and k = 2..8).

/// Broadcast and reduce, one port: ≤ (k−1)⌈log_k p⌉(α + βm), exact for p = k^L (a rank waits
/// for the largest digit sum below p of message times).
double knomial_bcast_cost(int p, double m, double alpha, double beta, int k);
/// Broadcast and reduce, k−1 ports: ⌈log_k p⌉(α + βm), exact for every p.
double knomial_ported_bcast_cost(int p, double m, double alpha, double beta, int k);
/// Gather and scatter, one port: ≤ (k−1)⌈log_k p⌉α + (p−1)/p·βm, exact for p = k^L.
double knomial_gather_cost(int p, double m, double alpha, double beta, int k);
/// Gather and scatter, k−1 ports: ≤ ⌈log_k p⌉α + min((k^⌈log_k p⌉ − 1)/(k−1), p−1)·βm/p
/// (level i moves subtrees of at most k^i blocks at once), exact for p = k^L.
double knomial_ported_gather_cost(int p, double m, double alpha, double beta, int k);

} // namespace collscope::schedule
