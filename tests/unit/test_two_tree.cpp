// Two-tree (Sanders–Speck–Träff) with the lecture's EdgeColor, p = 1..64: the lecture's worked
// values, both trees' shapes, a proper 2-colouring, and the broadcast and the (order-keeping)
// reduction simulated block by block.
#include "block_sim.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/two_tree.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace collscope::schedule;
using collscope::test::simulate_broadcast;

TEST_CASE("EdgeColor reproduces the lecture's worked values for p = 10, root 8", "[two_tree]") {
  CHECK(edge_color(10, 8, 2, 1) == 1);
  CHECK(edge_color(10, 8, 4, 1) == 1);
  CHECK(edge_color(10, 8, 6, 1) == 0);
  CHECK(edge_color(10, 8, 8, 1) == 1);
  CHECK(edge_color(10, 8, 10, 1) == 0);
  // The intermediate calls the lecture writes out.
  CHECK(edge_color(10, 8, 4, 2) == 1);
  CHECK(edge_color(10, 8, 8, 4) == 1);
  CHECK(edge_color(10, 8, 8, 2) == 1);
}

TEST_CASE("two-tree: mirrored in-order trees, interior in one and leaf in the other",
          "[two_tree]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const TwoTree t(p);
    REQUIRE(t.nodes() % 2 == 0);
    REQUIRE(t.nodes() >= p - 2);
    REQUIRE(t.has_relay() == (p >= 2 && (p - 1) % 2 == 1));
    for (int side : {upper, lower}) {
      if (t.nodes() == 0) break;
      // Every tree vrank reaches the root; the roots hang off the feeder.
      REQUIRE(t.parent(t.root(side), side) == t.feeder());
      int children_total = 0;
      for (int v = t.feeder() + 1; v < p; ++v) {
        int u = v, steps = 0;
        while (u != t.root(side) && steps <= p) {
          u = t.parent(u, side);
          ++steps;
        }
        REQUIRE(u == t.root(side));
        for (const int c : t.children(v, side))
          if (c >= 0) {
            REQUIRE(t.parent(c, side) == v);
            ++children_total;
          }
        // In-order: a node's subtree is a contiguous run of vranks around it.
        const auto kids = t.children(v, side);
        if (kids[0] >= 0 && kids[1] >= 0) REQUIRE((kids[0] < v) != (kids[1] < v));
      }
      REQUIRE(children_total == t.nodes() - 1);
    }
    for (int v = t.feeder() + 1; v < p; ++v) {
      const auto interior = [&](int side) { return t.children(v, side)[0] >= 0; };
      REQUIRE_FALSE((interior(upper) && interior(lower)));
    }
  }
}

TEST_CASE("two-tree colouring is proper for p = 1..64", "[two_tree]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const TwoTree t(p);
    if (t.nodes() == 0) continue;
    std::vector<std::multiset<int>> child_colors(p);
    for (int v = t.feeder() + 1; v < p; ++v) {
      INFO("vrank " << v);
      REQUIRE(t.color(v, upper) != t.color(v, lower)); // the two parent edges differ
      for (int side : {upper, lower}) child_colors[t.parent(v, side)].insert(t.color(v, side));
    }
    for (int v = 0; v < p; ++v) {
      INFO("vrank " << v);
      REQUIRE(child_colors[v].size() <= 2);
      if (child_colors[v].size() == 2) REQUIRE(child_colors[v].count(0) == 1);
    }
    // Interior nodes of the upper tree take EdgeColor(n, root, position, 1) directly.
    const int first = t.feeder() + 1, top = 1 << floor_log2(t.nodes());
    for (int w = 2; w <= t.nodes(); w += 2)
      REQUIRE(t.color(first - 1 + w, upper) == edge_color(t.nodes(), top, w, 1));
  }
}

TEST_CASE("two-tree broadcast: every block, one send and one receive per round", "[two_tree]") {
  for (int p = 1; p <= 64; ++p) {
    for (int blocks : {0, 1, 2, 3, 4, 7, 16}) {
      INFO("p = " << p << ", M = " << blocks);
      const TwoTreeSchedule s(p, blocks);
      const auto r =
          simulate_broadcast(p, blocks, s.rounds(), [&](int v, int t) { return s.step(v, t); });
      REQUIRE(r.redundant == 0);
      for (int v = 1; v < p; ++v)
        for (int b = 0; b < blocks; ++b) REQUIRE(r.first[v][b] == s.arrival(v, b));
      // Full bandwidth: latency at most 2⌈log₂p⌉ + 1 on top of one block per round.
      if (p > 1 && blocks > 0) REQUIRE(s.rounds() <= blocks + 2 * ceil_log2(p) + 1);
    }
  }
}

TEST_CASE("two-tree reduction keeps rank order (non-commutative) for p = 1..64", "[two_tree]") {
  for (int p = 1; p <= 64; ++p) {
    for (int blocks : {1, 2, 5}) {
      INFO("p = " << p << ", M = " << blocks);
      const TwoTreeSchedule s(p, blocks);
      // acc[v][b]: the vranks reduced so far, in operand order.
      std::vector<std::vector<std::vector<int>>> acc(p, std::vector<std::vector<int>>(blocks));
      std::vector<std::vector<int>> sent(p, std::vector<int>(blocks, 0));
      for (int v = 0; v < p; ++v)
        for (int b = 0; b < blocks; ++b) acc[v][b] = {v};
      for (int t = 0; t < s.rounds(); ++t) {
        std::vector<BlockStep> steps(p);
        for (int v = 0; v < p; ++v) steps[v] = s.reduce_step(v, t);
        auto next = acc;
        for (int v = 0; v < p; ++v) {
          const Transfer out = steps[v].send;
          if (!out.active()) continue;
          INFO("round " << t << ": " << v << " sends block " << out.block << " to " << out.peer);
          REQUIRE(steps[out.peer].recv.peer == v);
          REQUIRE(steps[out.peer].recv.block == out.block);
          REQUIRE(sent[v][out.block] == 0); // once, after every child's part arrived
          sent[v][out.block] = 1;
          auto& into = next[out.peer][out.block];
          const auto& part = acc[v][out.block];
          // The receiver puts a lower-ranked subtree in front of its own value.
          if (v < out.peer)
            into.insert(into.begin(), part.begin(), part.end());
          else
            into.insert(into.end(), part.begin(), part.end());
        }
        // Two receives of the same block in one round would make the order ambiguous.
        acc = next;
      }
      std::vector<int> all(p);
      for (int v = 0; v < p; ++v) all[v] = v;
      for (int b = 0; b < blocks; ++b) REQUIRE(acc[0][b] == all);
    }
  }
}
