// Patterns of the k-nomial trees (the knomial registry entries; schedule/knomial.hpp), radix k =
// PatternProblem::blocks as the registry passes --radix. Each rank's steps in the program order
// of algorithms/<folder>/<collective>_knomial.cpp, ranks shifted so the root is vrank 0: a level's
// up to k − 1 sends (broadcast, scatter; top level first) or receives (gather, reduce; bottom level
// first) are posted together and completed by one Waitall, so they are one step.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/knomial.hpp"
#include "collscope/schedule/patterns.hpp"

#include <algorithm>
#include <array>
#include <ranges>

namespace collscope::schedule {

namespace {

int radix_of(const PatternProblem& q) {
  return std::max(2, q.blocks);
}

// Down the tree: receive from the parent, then each level's sends, top level first. `whole`:
// every message is the whole vector (broadcast), else the child's subtree of blocks (scatter).
Pattern knomial_down(const PatternProblem& q, bool whole) {
  PatternBuilder b(q.p);
  const int k = radix_of(q);
  for (int v = 0; v < q.p; ++v) {
    const int rank = real_rank(v, q.root, q.p);
    if (v != 0)
      b.recv(rank, real_rank(knomial_parent(v, k), q.root, q.p),
             whole ? 1.0 : knomial_subtree_size(v, q.p, k));
    for (const KnomialLevel& level : knomial_child_levels(v, q.p, k) | std::views::reverse) {
      std::vector<std::pair<int, double>> sends;
      for (const TreeEdge& c : level.edges)
        sends.emplace_back(real_rank(c.vrank, q.root, q.p), whole ? 1.0 : c.subtree_size);
      b.step_many(rank, sends, {});
    }
  }
  return b.finish();
}

// Up the tree: each level's receives, bottom level first, then the send to the parent.
Pattern knomial_up(const PatternProblem& q, bool whole) {
  PatternBuilder b(q.p);
  const int k = radix_of(q);
  for (int v = 0; v < q.p; ++v) {
    const int rank = real_rank(v, q.root, q.p);
    for (const KnomialLevel& level : knomial_child_levels(v, q.p, k)) {
      std::vector<std::pair<int, double>> receives;
      for (const TreeEdge& c : level.edges)
        receives.emplace_back(real_rank(c.vrank, q.root, q.p), whole ? 1.0 : c.subtree_size);
      b.step_many(rank, {}, receives);
    }
    if (v != 0)
      b.send(rank, real_rank(knomial_parent(v, k), q.root, q.p),
             whole ? 1.0 : knomial_subtree_size(v, q.p, k));
  }
  return b.finish();
}

Pattern bcast_knomial(const PatternProblem& q) {
  return knomial_down(q, true);
}
Pattern scatter_knomial(const PatternProblem& q) {
  return knomial_down(q, false);
}
Pattern gather_knomial(const PatternProblem& q) {
  return knomial_up(q, false);
}
Pattern reduce_knomial(const PatternProblem& q) {
  return knomial_up(q, true);
}

const std::array entries{
    PatternAlgorithm{"gather", "knomial", true, false, false,
                     "a k-nomial gather (a level's k − 1 receives at once)", "the k-nomial tree",
                     gather_knomial, true},
    PatternAlgorithm{"scatter", "knomial", true, false, false,
                     "a k-nomial scatter (a level's k − 1 sends at once)", "the k-nomial tree",
                     scatter_knomial, true},
    PatternAlgorithm{"bcast", "knomial", true, false, false,
                     "a k-nomial tree (a level's k − 1 sends at once)", "the k-nomial tree",
                     bcast_knomial, true},
    PatternAlgorithm{"reduce", "knomial", true, false, false,
                     "a k-nomial reduction (a level's k − 1 receives at once)", "the k-nomial tree",
                     reduce_knomial, true},
};

} // namespace

namespace detail {

std::span<const PatternAlgorithm> knomial_patterns() {
  return entries;
}

} // namespace detail

} // namespace collscope::schedule
