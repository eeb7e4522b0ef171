// The patterns added for issue 36 (schedule/patterns.hpp), p = 2..16, every root: the barriers
// (the registry's and Open MPI 4.1's, empty messages), the k-nomial trees and the Van de Geijn
// broadcasts — message for message against an independent reading of each algorithm.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/knomial.hpp"
#include "collscope/schedule/patterns.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

using namespace collscope::schedule;

namespace {

using Edges = std::multiset<std::pair<int, int>>;

Pattern make(const char* collective, const char* name, int p, int root = 0, int blocks = 1) {
  const PatternAlgorithm* a = find_pattern(collective, name);
  REQUIRE(a != nullptr);
  Pattern pattern = a->make({p, root, blocks});
  REQUIRE(pattern.consistent);
  return pattern;
}

Edges edges(const Pattern& pattern) {
  Edges e;
  for (const PatternMessage& m : pattern.messages) e.insert({m.from, m.to});
  return e;
}

std::vector<std::tuple<int, int, int>> timed(const Pattern& pattern) {
  std::vector<std::tuple<int, int, int>> t;
  for (const PatternMessage& m : pattern.messages) t.emplace_back(m.round, m.from, m.to);
  return t;
}

} // namespace

TEST_CASE("patterns: barriers move empty messages, Open MPI's as its coll_base_barrier.c") {
  for (int p = 2; p <= 16; ++p) {
    CAPTURE(p);
    const int L = ceil_log2(p);
    int core = 1;
    while (2 * core <= p) core *= 2;

    const Pattern dissemination = make("barrier", "dissemination", p);
    CHECK(dissemination.messages.size() == static_cast<std::size_t>(p * L));
    CHECK(dissemination.rounds == L);
    for (const PatternMessage& m : dissemination.messages) {
      CHECK(m.size == 0);
      CHECK(m.to == (m.from + (1 << m.round)) % p); // Open MPI's bruck: to rank + 2^k
    }

    // Open MPI's tree: up by rank XOR 2^k while the low bits of the partner are clear, down
    // the same edges; written here from the algorithm's description, not from sync.cpp.
    Edges tree_expected;
    for (int r = 0; r < p; ++r)
      for (int jump = 1; jump < (1 << L); jump <<= 1) {
        const int partner = r ^ jump;
        if ((partner & (jump - 1)) || partner >= p) continue;
        if (partner > r) { // up: partner → r, then down: r → partner
          tree_expected.insert({partner, r});
          tree_expected.insert({r, partner});
        }
      }
    const Pattern tree = make("barrier", "tree", p);
    CHECK(edges(tree) == tree_expected);
    CHECK(tree.rounds == 2 * L);

    const Pattern linear = make("barrier", "ompi-linear", p);
    CHECK(linear.messages.size() == static_cast<std::size_t>(2 * (p - 1)));
    for (const PatternMessage& m : linear.messages) CHECK((m.from == 0) != (m.to == 0));
    CHECK(linear.rounds == p); // 0 answers one rank after the other

    const Pattern ring = make("barrier", "ompi-double-ring", p);
    CHECK(ring.messages.size() == static_cast<std::size_t>(2 * p));
    CHECK(ring.rounds == 2 * p); // the token: one message per round
    for (const PatternMessage& m : ring.messages) CHECK(m.to == (m.from + 1) % p);

    const Pattern doubling = make("barrier", "ompi-recursive-doubling", p);
    CHECK(doubling.messages.size() ==
          static_cast<std::size_t>(core * ceil_log2(core) + 2 * (p - core)));
    for (const PatternMessage& m : doubling.messages)
      if (m.from >= core || m.to >= core) CHECK(m.from - m.to == (m.from >= core ? core : -core));
    if (p == core) CHECK(timed(doubling) == timed(make("barrier", "butterfly", p)));
  }
  // Two processes: bruck, two_proc, recursive doubling and the butterfly are one exchange.
  CHECK(timed(make("barrier", "dissemination", 2)) ==
        std::vector<std::tuple<int, int, int>>{{0, 0, 1}, {0, 1, 0}});
}

TEST_CASE("patterns: the k-nomial trees, p = 2..16, k = 2..5, every root") {
  for (int p = 2; p <= 16; ++p)
    for (int k = 2; k <= 5; ++k)
      for (int root = 0; root < p; ++root) {
        CAPTURE(p, k, root);
        Edges down, up;
        for (int v = 1; v < p; ++v) {
          const int rank = real_rank(v, root, p), parent = real_rank(knomial_parent(v, k), root, p);
          down.insert({parent, rank});
          up.insert({rank, parent});
        }
        const Pattern bcast = make("bcast", "knomial", p, root, k);
        CHECK(edges(bcast) == down);
        CHECK(bcast.rounds == knomial_levels(p, k));
        CHECK(edges(make("scatter", "knomial", p, root, k)) == down);
        CHECK(edges(make("gather", "knomial", p, root, k)) == up);
        CHECK(edges(make("reduce", "knomial", p, root, k)) == up);
        CHECK(make("gather", "knomial", p, root, k).rounds == knomial_levels(p, k));
        // A scatter's message carries the child's subtree.
        for (const PatternMessage& m : make("scatter", "knomial", p, root, k).messages)
          CHECK(m.size == knomial_subtree_size(virtual_rank(m.to, root, p), p, k));
      }
  // k = 2 is the pre-order binomial tree.
  CHECK(edges(make("bcast", "knomial", 11, 3, 2)) ==
        edges(make("bcast", "binomial-preorder", 11, 3)));
}

TEST_CASE("patterns: Van de Geijn's broadcasts, a binomial scatter then an allgather") {
  for (int p = 2; p <= 16; ++p)
    for (int root = 0; root < p; ++root) {
      CAPTURE(p, root);
      const Pattern ring = make("bcast", "scatter-ring", p, root);
      // The scatter's p − 1 messages (one per rank but the root), then p(p − 1) ring steps.
      CHECK(ring.messages.size() == static_cast<std::size_t>(p - 1 + p * (p - 1)));
      double from_root = 0;
      for (const PatternMessage& m : ring.messages)
        if (m.round < ceil_log2(p) && m.from == root) from_root += m.size;
      CHECK(from_root == Approx((p - 1.0) / p)); // the root hands out every block but its own
      const Pattern doubling = make("bcast", "scatter-allgather", p, root);
      CHECK(doubling.rounds >= ceil_log2(p) + 1);
    }
}
