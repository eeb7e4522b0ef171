// Node layouts of the hierarchical algorithms: consecutive, round-robin and explicit
// placements over p = 1..64, their trace text, and the one-line errors for bad descriptions.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/node_layout.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>

using namespace collscope::schedule;

TEST_CASE("consecutive and round-robin layouts place every rank on one node") {
  for (int p = 1; p <= 64; ++p)
    for (int n = 1; n <= p + 1; ++n) {
      INFO("p=" << p << " n=" << n);
      const NodeLayout consecutive = consecutive_layout(p, n);
      const NodeLayout round_robin = round_robin_layout(p, n);
      const int N = (p + n - 1) / n;
      for (const NodeLayout* layout : {&consecutive, &round_robin}) {
        REQUIRE(layout->ranks() == p);
        REQUIRE(layout->nodes() == N);
        const std::vector<int> sizes = layout->sizes();
        REQUIRE(std::accumulate(sizes.begin(), sizes.end(), 0) == p);
        REQUIRE(*std::max_element(sizes.begin(), sizes.end()) <= n);
        for (int node = 0; node < N; ++node)
          REQUIRE(static_cast<int>(layout->members(node).size()) == sizes[std::size_t(node)]);
      }
      // Consecutive: full nodes, the rest on the last; each node a run of ranks.
      CHECK(consecutive.rank_ordered());
      CHECK(consecutive.regular() == (p % n == 0 || n > p));
      for (int r = 0; r < p; ++r) CHECK(consecutive.node_of[std::size_t(r)] == r / n);
      // Round-robin: node sizes differ by at most one.
      const std::vector<int> rr = round_robin.sizes();
      CHECK(*std::max_element(rr.begin(), rr.end()) - *std::min_element(rr.begin(), rr.end()) <= 1);
      for (int r = 0; r < p; ++r) CHECK(round_robin.node_of[std::size_t(r)] == r % N);
      CHECK(round_robin.rank_ordered() == (N == 1 || n == 1));
    }
}

TEST_CASE("the trace's nodes text lists each rank's node in rank order") {
  CHECK(nodes_text(consecutive_layout(12, 4)) == "0,0,0,0,1,1,1,1,2,2,2,2");
  CHECK(nodes_text(round_robin_layout(6, 2)) == "0,1,2,0,1,2");
  CHECK(nodes_text(explicit_layout({3, 3, 2})) == "0,0,0,1,1,1,2,2");
  CHECK(to_string(Placement::round_robin) == "round-robin");
  CHECK(to_string(Placement::shared_memory) == "shared-memory");
  CHECK(to_string(Placement::explicit_sizes) == "explicit");
  CHECK(parse_placement("round-robin") == Placement::round_robin);
  CHECK_FALSE(parse_placement("random"));
}

TEST_CASE("node descriptions: sizes must be positive whole numbers summing to p") {
  std::string error;
  CHECK(parse_node_sizes("3,3,2", error) == std::vector<int>{3, 3, 2});
  for (const char* bad : {"", "3,,2", "3,0,2", "3,-1", "NaN", "3.5,2", "3,2,", "1e3"}) {
    INFO(bad);
    error.clear();
    CHECK_FALSE(parse_node_sizes(bad, error));
    CHECK_FALSE(error.empty());
    CHECK(error.find('\n') == std::string::npos);
  }
  for (const char* bad : {"0", "-2", "x", "", "4x"}) {
    error.clear();
    CHECK_FALSE(parse_per_node(bad, error));
    CHECK_FALSE(error.empty());
  }
  error.clear();
  CHECK_FALSE(layout_for(NodeSpec{{3, 3, 2}, 0, Placement::explicit_sizes}, 9, error));
  CHECK(error == "the node sizes sum to 8, not to the 9 processes");
  error.clear();
  const auto fits = layout_for(NodeSpec{{3, 3, 2}, 0, Placement::explicit_sizes}, 8, error);
  REQUIRE(fits);
  CHECK(fits->placement == Placement::explicit_sizes);
  CHECK_FALSE(fits->regular());
  const auto rr = layout_for(NodeSpec{{}, 4, Placement::round_robin}, 12, error);
  REQUIRE(rr);
  CHECK(nodes_text(*rr) == "0,1,2,0,1,2,0,1,2,0,1,2");
}

TEST_CASE("two-level rounds: a tree across the nodes, then the largest node's tree") {
  for (int p = 1; p <= 64; ++p)
    for (int n = 1; n <= p; ++n) {
      const NodeLayout layout = consecutive_layout(p, n);
      const int rounds = two_level_rounds(layout);
      CHECK(rounds == ceil_log2(layout.nodes()) + ceil_log2(std::min(n, p)));
      // The lecture's bound: at most one round more than ⌈log₂p⌉ when nodes are regular.
      if (layout.regular()) CHECK(rounds <= ceil_log2(p) + 1);
      CHECK(rounds >= ceil_log2(p));
    }
}
