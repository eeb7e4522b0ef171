// Patterns of the rooted collectives (gather, scatter, bcast, reduce): each rank's steps in the
// program order of its algorithms/<folder>/<collective>_<name>.cpp, ranks shifted so that the root
// is vrank 0 (real rank = (vrank + root) mod p), as the sources do.
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/divide_conquer.hpp"
#include "collscope/schedule/jia.hpp"
#include "collscope/schedule/patterns.hpp"
#include "collscope/schedule/pipelined_tree.hpp"
#include "collscope/schedule/two_tree.hpp"

#include <algorithm>
#include <array>
#include <ranges>

namespace collscope::schedule {

namespace {

int real(int v, const PatternProblem& q) {
  return real_rank(v, q.root, q.p);
}

// Root receives the blocks one by one in rank order; every other rank sends its own.
Pattern gather_linear(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int r = 0; r < q.p; ++r)
    if (r != q.root) b.send(r, q.root, 1);
  for (int r = 0; r < q.p; ++r) b.recv(q.root, r, 1);
  return b.finish();
}

Pattern scatter_linear(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int r = 0; r < q.p; ++r) b.send(q.root, r, 1);
  for (int r = 0; r < q.p; ++r)
    if (r != q.root) b.recv(r, q.root, 1);
  return b.finish();
}

Pattern bcast_linear(const PatternProblem& q) {
  return scatter_linear(q);
}

// Pre-order binomial gather: children in increasing j, then the whole subtree up.
Pattern gather_binomial(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int v = 0; v < q.p; ++v) {
    for (const TreeEdge& c : preorder_children(v, q.p))
      b.recv(real(v, q), real(c.vrank, q), c.subtree_size);
    if (v != 0) b.send(real(v, q), real(preorder_parent(v, q.p), q), preorder_subtree_size(v, q.p));
  }
  return b.finish();
}

Pattern scatter_binomial(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int v = 0; v < q.p; ++v) {
    if (v != 0) b.recv(real(v, q), real(preorder_parent(v, q.p), q), preorder_subtree_size(v, q.p));
    for (const TreeEdge& c : preorder_children(v, q.p) | std::views::reverse)
      b.send(real(v, q), real(c.vrank, q), c.subtree_size);
  }
  return b.finish();
}

// Divide and conquer: a rank's levels from the innermost up (gather), or down (scatter).
void dnc_up(PatternBuilder& b, const PatternProblem& q, bool whole_vector) {
  for (int rank = 0; rank < q.p; ++rank)
    for (const DncLevel& l : dnc_levels(rank, q.root, q.p) | std::views::reverse) {
      const double size = whole_vector ? 1.0 : l.sub_end() - l.sub_begin();
      if (l.root == rank) b.recv(rank, l.subroot, size);
      if (l.subroot == rank) {
        b.send(rank, l.root, size);
        break;
      }
    }
}

Pattern gather_dnc(const PatternProblem& q) {
  PatternBuilder b(q.p);
  dnc_up(b, q, false);
  return b.finish();
}

Pattern reduce_ordered(const PatternProblem& q) {
  PatternBuilder b(q.p);
  dnc_up(b, q, true);
  return b.finish();
}

Pattern scatter_dnc(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (const DncLevel& l : dnc_levels(rank, q.root, q.p)) {
      const double size = l.sub_end() - l.sub_begin();
      if (l.root == rank) b.send(rank, l.subroot, size);
      if (l.subroot == rank) b.recv(rank, l.root, size);
    }
  return b.finish();
}

Pattern reduce_binomial(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int v = 0; v < q.p; ++v) {
    for (const TreeEdge& c : preorder_children(v, q.p)) b.recv(real(v, q), real(c.vrank, q), 1);
    if (v != 0) b.send(real(v, q), real(preorder_parent(v, q.p), q), 1);
  }
  return b.finish();
}

// Bit-reversed binomial broadcast: receive from the parent, then children by increasing k.
void binomial_down(PatternBuilder& b, const PatternProblem& q) {
  for (int v = 0; v < q.p; ++v) {
    if (v != 0) b.recv(real(v, q), real(bitreversed_parent(v), q), 1);
    for (const TreeEdge& c : bitreversed_children(v, q.p)) b.send(real(v, q), real(c.vrank, q), 1);
  }
}

Pattern bcast_binomial(const PatternProblem& q) {
  PatternBuilder b(q.p);
  binomial_down(b, q);
  return b.finish();
}

Pattern bcast_binomial_preorder(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int v = 0; v < q.p; ++v) {
    if (v != 0) b.recv(real(v, q), real(preorder_parent(v, q.p), q), 1);
    for (const TreeEdge& c : preorder_children(v, q.p) | std::views::reverse)
      b.send(real(v, q), real(c.vrank, q), 1);
  }
  return b.finish();
}

// Linear pipeline: the root sends M blocks; inner ranks Recv, Sendrecv × (M − 1), Send.
Pattern bcast_pipeline(const PatternProblem& q) {
  PatternBuilder b(q.p);
  const int m = std::max(1, q.blocks);
  const double size = 1.0 / m;
  if (q.p == 1) return b.finish();
  for (int v = 0; v < q.p; ++v) {
    const int prev = real(v - 1 + q.p, q), next = real(v + 1, q), rank = real(v, q);
    if (v == 0) {
      for (int k = 0; k < m; ++k) b.send(rank, next, size);
      continue;
    }
    for (int k = 0; k <= m; ++k) {
      const bool receives = k<m, forwards = k> 0 && v < q.p - 1;
      b.step(rank, {{forwards ? next : -1, size}}, {{receives ? prev : -1, size}});
    }
  }
  return b.finish();
}

// The block broadcasts (algorithms/common/block_broadcast.cpp): one exchange per round.
template <typename Step>
void block_broadcast_into(PatternBuilder& b, const PatternProblem& q, int rounds, Step step) {
  const double size = 1.0 / std::max(1, q.blocks);
  if (q.p == 1) return;
  for (int v = 0; v < q.p; ++v)
    for (int t = 0; t < rounds; ++t) {
      const BlockStep s = step(v, t);
      b.step(real(v, q), {{s.send.active() ? real(s.send.peer, q) : -1, size}},
             {{s.recv.active() ? real(s.recv.peer, q) : -1, size}});
    }
}

template <typename Step> Pattern block_broadcast(const PatternProblem& q, int rounds, Step step) {
  PatternBuilder b(q.p);
  block_broadcast_into(b, q, rounds, step);
  return b.finish();
}

// The two-tree reduction in rank order to 0 (algorithms/reduce/reduce_two_tree.cpp); a root ≠ 0
// gets the finished blocks forwarded by 0, posted first and completed by one Waitall at the end.
void two_tree_reduce_into(PatternBuilder& b, int p, int root, int blocks) {
  if (p == 1) return;
  const TwoTreeSchedule two_tree(p, blocks);
  const int rounds = two_tree.rounds();
  const double size = 1.0 / blocks;
  for (int rank = 0; rank < p; ++rank) {
    for (int t = 0; t <= rounds; ++t) {
      BlockStep s = t < rounds ? two_tree.reduce_step(rank, t) : BlockStep{};
      const int finished = rounds - t;
      if (rank == 0 && root != 0 && finished >= 0 && finished < blocks) s.send = {root, finished};
      b.step(rank, {{s.send.active() ? s.send.peer : -1, size}},
             {{s.recv.active() ? s.recv.peer : -1, size}});
    }
    if (root != 0 && rank == root)
      b.step_many(rank, {}, std::vector<std::pair<int, double>>(blocks, {0, size}));
  }
}

Pattern reduce_two_tree(const PatternProblem& q) {
  PatternBuilder b(q.p);
  two_tree_reduce_into(b, q.p, q.root, std::max(1, q.blocks));
  return b.finish();
}

Pattern bcast_binary_pipeline(const PatternProblem& q) {
  const PipelinedTree tree(binary_tree(q.p), std::max(1, q.blocks));
  return block_broadcast(q, tree.rounds(), [&](int v, int t) { return tree.step(v, t); });
}

Pattern bcast_fibonacci_pipeline(const PatternProblem& q) {
  const PipelinedTree tree(fibonacci_tree(q.p), std::max(1, q.blocks));
  return block_broadcast(q, tree.rounds(), [&](int v, int t) { return tree.step(v, t); });
}

Pattern bcast_two_tree(const PatternProblem& q) {
  if (q.p == 1) return PatternBuilder(1).finish();
  const TwoTreeSchedule s(q.p, std::max(1, q.blocks));
  return block_broadcast(q, s.rounds(), [&](int v, int t) { return s.step(v, t); });
}

Pattern bcast_jia(const PatternProblem& q) {
  const int m = std::max(1, q.blocks);
  if (q.p == 1) return PatternBuilder(1).finish();
  return block_broadcast(q, jia_rounds(q.p, m),
                         [&](int v, int t) { return jia_step(q.p, m, v, t); });
}

const std::array entries{
    PatternAlgorithm{"gather", "linear", true, false, false,
                     "a linear gather (the root receives from each rank in turn)",
                     "the linear gather", gather_linear},
    PatternAlgorithm{"gather", "binomial", true, false, false, "a binomial-tree gather (pre-order)",
                     "the binomial tree", gather_binomial},
    PatternAlgorithm{"gather", "dnc", true, false, false,
                     "a divide-and-conquer gather (halving, rank order)", "divide and conquer",
                     gather_dnc},
    PatternAlgorithm{"scatter", "linear", true, false, false,
                     "a linear scatter (the root sends to each rank in turn)", "the linear scatter",
                     scatter_linear},
    PatternAlgorithm{"scatter", "binomial", true, false, false,
                     "a binomial-tree scatter (pre-order)", "the binomial tree", scatter_binomial},
    PatternAlgorithm{"scatter", "dnc", true, false, false,
                     "a divide-and-conquer scatter (halving, rank order)", "divide and conquer",
                     scatter_dnc},
    PatternAlgorithm{"bcast", "linear", true, false, false,
                     "a linear broadcast (the root sends to each rank in turn)",
                     "the linear broadcast", bcast_linear},
    PatternAlgorithm{"bcast", "binomial-preorder", true, false, false,
                     "a binomial tree in pre-order (largest subtree first)",
                     "the pre-order binomial tree", bcast_binomial_preorder},
    PatternAlgorithm{"bcast", "binomial", true, false, false,
                     "a binomial tree (bit-reversed: v sends to v + 2^k in round k)",
                     "the binomial tree", bcast_binomial},
    PatternAlgorithm{"bcast", "pipeline", true, true, false, "a linear pipeline (a chain)",
                     "the linear pipeline", bcast_pipeline},
    PatternAlgorithm{"bcast", "binary-pipeline", true, true, false,
                     "a binary tree in heap order (children 2v + 1, 2v + 2)", "the binary tree",
                     bcast_binary_pipeline},
    PatternAlgorithm{"bcast", "fibonacci-pipeline", true, true, false, "a Fibonacci tree",
                     "the Fibonacci tree", bcast_fibonacci_pipeline},
    PatternAlgorithm{"bcast", "two-tree", true, true, false,
                     "two binary trees (Sanders–Speck–Träff)", "the two-tree", bcast_two_tree},
    PatternAlgorithm{"bcast", "jia", true, true, false, "Jia's hypercube schedule",
                     "Jia's hypercube", bcast_jia},
    // The irregular collectives whose messages do not depend on the block sizes (as long as no
    // block is empty): the regular schedules, sizes aside.
    PatternAlgorithm{"gatherv", "linear", true, false, false,
                     "a linear gather (the root receives from each rank in turn)",
                     "the linear gather", gather_linear},
    PatternAlgorithm{"gatherv", "binomial", true, false, false,
                     "a binomial-tree gather (pre-order)", "the binomial tree", gather_binomial},
    PatternAlgorithm{"scatterv", "linear", true, false, false,
                     "a linear scatter (the root sends to each rank in turn)", "the linear scatter",
                     scatter_linear},
    PatternAlgorithm{"reduce", "binomial", true, false, false,
                     "a binomial-tree reduction (pre-order)", "the binomial tree", reduce_binomial},
    PatternAlgorithm{"reduce", "two-tree", true, true, false,
                     "two binary trees in rank order (reduction), forwarded to the root",
                     "the two-tree", reduce_two_tree},
    PatternAlgorithm{"reduce", "ordered", true, false, false,
                     "a divide-and-conquer reduction (rank order)", "divide and conquer",
                     reduce_ordered},
};

} // namespace

namespace detail {

std::span<const PatternAlgorithm> rooted_patterns() {
  return entries;
}

/// The allreduce tree-pipeline: the two-tree reduction to 0, then the two-tree broadcast.
void two_trees(PatternBuilder& b, int p, int blocks) {
  two_tree_reduce_into(b, p, 0, blocks);
  if (p == 1) return;
  const TwoTreeSchedule s(p, blocks);
  block_broadcast_into(b, {p, 0, blocks}, s.rounds(), [&](int v, int t) { return s.step(v, t); });
}

/// Used by the rootless allreduce: reduce in rank order to 0, then the binomial broadcast.
void reduce_then_bcast(PatternBuilder& b, int p) {
  const PatternProblem q{p, 0, 1};
  dnc_up(b, q, true);
  binomial_down(b, q);
}

} // namespace detail

} // namespace collscope::schedule
