// The doubly-pipelined, dual-root allreduce of the lecture (seeds/001, "Problem with pipelined
// trees", "Doubly-rooted, doubly pipelined allreduce": "Pipelined Reduce&Bcast, simultaneously
// … with two connected, rooted trees"; Träff, CoRR abs/2109.12626): the ranks are split into
// two halves A = [0, ⌈p/2⌉) and B = [⌈p/2⌉, p), each an in-order binary tree
// (inorder_tree.hpp). In iteration j every node exchanges with each child (sends the finished
// result block j − d − 1 down, receives the child's partial block j up and reduces it), then
// with its parent (sends its partial block j up, receives the result block j − d down); the
// two roots exchange their partial block j instead and both compute block j of the result, A's
// partial on the left. So reduction and broadcast run at once, in both directions of every
// link, and every rank keeps rank order.
//
//   p = 7:   A: 1 (children 0, 2)   B: 5 (children 4, 6)   roots 1 ⇄ 5
//
// Lock step with s = 1 + (most children of a node) slots per iteration: a node's child
// exchanges take slots 0 … s − 2, its parent (or root) exchange slot s − 1. A node v with
// offset o(v) does iteration j's slot k in round o(v) + s·j + k; a child reached as its
// parent's k-th child has o(c) = o(v) + k − (s − 1), so both ends of every exchange meet in
// the same round. Rounds are renumbered 0, 1, … leaving out those in which no rank exchanges
// (a node with one child idles in a slot): s(M − 1) plus a latency that depends on the trees'
// shapes (dual_root_rounds); at most 3(M − 1) + 4⌊log₂(p + 1)⌋ (tested for p = 1..64).
#pragma once

#include <vector>

namespace collscope::schedule {

enum class DualRootPeer {
  child,     ///< send a result block down, receive a partial block up
  parent,    ///< send a partial block up, receive a result block down
  other_root ///< send the own tree's partial block, receive the other tree's
};

/// One exchange (an MPI_Sendrecv, or the half of it that carries a block): block −1 = none.
struct DualRootStep {
  DualRootPeer with = DualRootPeer::child;
  int peer = -1;
  int send_block = -1;
  int recv_block = -1;
  int round = 0;
};

/// The tree `rank` is in: its range, top and node, and whether it is tree A's (left operand).
struct DualRootTree {
  int lo = 0, hi = 0, top = 0;
  bool first = true;
};
DualRootTree dual_root_tree(int rank, int p);
/// The other tree's top for a top, −1 when alone (p = 1).
int dual_root_partner(int rank, int p);

/// Slots per iteration: 1 (p ≤ 2), 2 (p = 3, 4), 3 otherwise.
int dual_root_slots(int p);
/// Every exchange of `rank` in program order, for M = blocks ≥ 1.
std::vector<DualRootStep> dual_root_steps(int rank, int p, int blocks);
/// Rounds of the whole schedule (0 for p = 1 or no blocks).
int dual_root_rounds(int p, int blocks);
/// 3(M − 1) + 4⌊log₂(p + 1)⌋ for p ≥ 2, 0 for p = 1: the bound the registry prints.
int dual_root_round_bound(int p, int blocks);

} // namespace collscope::schedule
