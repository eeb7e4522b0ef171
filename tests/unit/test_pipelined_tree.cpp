// Pipelined binary and Fibonacci trees, p = 1..64: the trees' shapes, the lecture's
// properties (first and last leaf times), and every schedule simulated block by block.
#include "block_sim.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/pipelined_tree.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace collscope::schedule;
using collscope::test::simulate_broadcast;

namespace {

int depth(const Tree& t, int v) {
  int d = 0;
  for (; t.parent[v] >= 0; v = t.parent[v]) ++d;
  return d;
}

bool is_leaf(const Tree& t, int v) {
  return t.children[v][0] < 0 && t.children[v][1] < 0;
}

void require_tree(const Tree& t, int p) {
  REQUIRE(static_cast<int>(t.parent.size()) == p);
  REQUIRE(t.parent[0] == -1);
  std::vector<int> seen(p, 0);
  for (int v = 0; v < p; ++v)
    for (const int c : t.children[v])
      if (c >= 0) {
        REQUIRE(t.parent[c] == v);
        ++seen[c];
      }
  for (int v = 1; v < p; ++v) REQUIRE(seen[v] == 1);
}

// Round (counted from 1, "after r rounds") in which leaf v holds block 0.
int leaf_time(const PipelinedTree& s, int v) {
  return s.first_arrival(v) + 1;
}

} // namespace

TEST_CASE("Fibonacci tree sizes: F_i = Fib(i + 3) − 1", "[pipelined_tree]") {
  // The lecture's table.
  const std::vector<long long> lecture{1, 2, 4, 7, 12, 20, 33, 54};
  for (int i = 0; i < 8; ++i) CHECK(fibonacci_tree_size(i) == lecture[i]);
  long long a = 0, b = 1; // Fib(0), Fib(1)
  for (int i = 0; i + 3 < 60; ++i) {
    const long long fib3 = [&] {
      long long x = a, y = b;
      for (int k = 0; k < i + 3; ++k) {
        const long long z = x + y;
        x = y;
        y = z;
      }
      return x;
    }();
    REQUIRE(fibonacci_tree_size(i) == fib3 - 1);
  }
  CHECK(fibonacci_order(1) == 0);
  CHECK(fibonacci_order(7) == 3);
  CHECK(fibonacci_order(8) == 4);
}

TEST_CASE("binary and Fibonacci trees are trees for p = 1..64", "[pipelined_tree]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    require_tree(binary_tree(p), p);
    const Tree f = fibonacci_tree(p);
    require_tree(f, p);
    const int order = fibonacci_order(p);
    for (int v = 0; v < p; ++v) REQUIRE(depth(f, v) <= order);
  }
}

TEST_CASE("tree properties: binary T_i first leaf after i rounds, last after 2i; Fibonacci F_i "
          "every leaf after i rounds",
          "[pipelined_tree]") {
  for (int i = 1; i <= 5; ++i) {
    INFO("i = " << i);
    const int p = (1 << (i + 1)) - 1;
    const PipelinedTree binary(binary_tree(p), 1);
    int first = 1 << 30, last = 0;
    for (int v = 0; v < p; ++v)
      if (is_leaf(binary.tree(), v)) {
        first = std::min(first, leaf_time(binary, v));
        last = std::max(last, leaf_time(binary, v));
      }
    CHECK(first == i);
    CHECK(last == 2 * i);
    CHECK(binary.rounds() == 2 * i);
  }
  for (int i = 2; i <= 8; ++i) {
    INFO("i = " << i);
    const int p = static_cast<int>(fibonacci_tree_size(i));
    const PipelinedTree fib(fibonacci_tree(p), 1);
    for (int v = 0; v < p; ++v)
      if (is_leaf(fib.tree(), v)) REQUIRE(leaf_time(fib, v) == i);
    CHECK(fib.rounds() == i);
  }
}

TEST_CASE("pipelined binary and Fibonacci broadcasts deliver every block, p = 1..64",
          "[pipelined_tree]") {
  for (int p = 1; p <= 64; ++p) {
    for (int blocks : {0, 1, 2, 3, 5, 8, 13}) {
      INFO("p = " << p << ", M = " << blocks);
      for (const Tree& tree : {binary_tree(p), fibonacci_tree(p)}) {
        const PipelinedTree s(tree, blocks);
        const auto r =
            simulate_broadcast(p, blocks, s.rounds(), [&](int v, int t) { return s.step(v, t); });
        REQUIRE(r.redundant == 0);
        // A tree with a two-child node delivers a new block every second round; a chain
        // (p ≤ 2, or the Fibonacci tree for p = 3) every round.
        bool chain = true;
        for (const auto& kids : tree.children) chain = chain && kids[1] < 0;
        REQUIRE(s.interval() == (chain ? 1 : 2));
        for (int v = 1; v < p; ++v)
          for (int b = 1; b < blocks; ++b)
            REQUIRE(r.first[v][b] - r.first[v][b - 1] == s.interval());
      }
      REQUIRE(binary_pipeline_rounds(p, blocks) == PipelinedTree(binary_tree(p), blocks).rounds());
    }
  }
  // Latency 2⌊log₂p⌋ on complete trees, then one block every second round.
  CHECK(binary_pipeline_rounds(15, 10) == 2 * 3 + 2 * 9);
  CHECK(fibonacci_pipeline_rounds(20, 10) == 5 + 2 * 9); // F_5 has 20 nodes
  CHECK(fibonacci_pipeline_rounds(33, 10) == 6 + 2 * 9);
  CHECK(binary_pipeline_rounds(2, 10) == 10); // a chain sends every round
}
