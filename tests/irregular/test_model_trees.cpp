// Heterogeneous networks (seeds/002): the network description format, and the model-based
// binomial (minimum-first, maximum-first) and Träff trees against the block-oblivious
// binomial tree on networks where it matters.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/irregular_tree.hpp"
#include "collscope/schedule/model_trees.hpp"
#include "problem_cases.hpp"

#include <catch2/catch.hpp>
#include <numeric>

using namespace collscope::schedule;

namespace {

bool spans(const GatherSchedule& s, int root) {
  if (schedule_root(s) != root) return false;
  for (std::size_t v = 0; v < s.size(); ++v) {
    int u = static_cast<int>(v), steps = 0;
    while (u != root && steps++ <= static_cast<int>(s.size())) u = s[u].parent;
    if (u != root) return false;
  }
  return true;
}

/// Two clusters by rank parity: even ranks on one machine, odd on another.
NetworkModel interleaved(int p) {
  NetworkModel network(p, {1e-4, 1e-8});
  for (int i = 0; i < p; ++i)
    for (int j = 0; j < p; ++j)
      if (i % 2 == j % 2) network.set_link(i, j, {1e-6, 1e-10});
  return network;
}

int crossings(const GatherSchedule& s) {
  int n = 0;
  for (std::size_t v = 0; v < s.size(); ++v)
    if (s[v].parent >= 0 && static_cast<int>(v) % 2 != s[v].parent % 2) ++n;
  return n;
}

} // namespace

TEST_CASE("network description: every keyword, comments, later lines win", "[network]") {
  const NetworkModel m = parse_network("# two nodes of 4\n"
                                       "default 2e-5 1e-9\n"
                                       "nodes 4 5e-7 1e-10   # inside a node\n"
                                       "group 2-5 1e-6 2e-10\n"
                                       "pair 0 7 3e-6 3e-10\n"
                                       "link 7 1 4e-6 4e-10\n",
                                       8);
  REQUIRE(m.size() == 8);
  CHECK(m.link(0, 1).alpha == 5e-7);
  CHECK(m.link(0, 4).alpha == 2e-5);
  CHECK(m.link(3, 4).alpha == 1e-6); // group after nodes
  CHECK(m.link(6, 7).beta == 1e-10);
  CHECK(m.link(0, 7).alpha == 3e-6);
  CHECK(m.link(7, 0).alpha == 3e-6);
  CHECK(m.link(7, 1).alpha == 4e-6);
  CHECK(m.link(1, 7).alpha == 2e-5); // link is one direction only
  CHECK(m.time(0, 1, 1000) == Approx(5e-7 + 1000 * 1e-10));
  CHECK(m.time(3, 3, 1000) == 0.0);
  // What a calibration writes reads back the same.
  const NetworkModel again = parse_network(describe_network(m), 8);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      if (i != j) CHECK(again.link(i, j).alpha == Approx(m.link(i, j).alpha));
}

TEST_CASE("network description: errors name the line", "[network]") {
  const auto error = [](const char* text) {
    try {
      parse_network(text, 4);
    } catch (const NetworkError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("") == "no 'default ALPHA BETA' line");
  CHECK(error("pair 0 1 1 1\n") == "line 1: the first line must be 'default ALPHA BETA'");
  CHECK(error("default 1 1\ndefault 1 1\n") == "line 2: a second 'default'");
  CHECK(error("default 1\n") == "line 1: expected 'default ALPHA BETA'");
  CHECK(error("default 1 x\n") == "line 1: expected a non-negative number, got 'x'");
  CHECK(error("default 1 -1\n") == "line 1: expected a non-negative number, got '-1'");
  CHECK(error("default 1 1\n\npair 0 4 1 1\n") == "line 3: expected a rank in [0, 4), got '4'");
  CHECK(error("default 1 1\ngroup 3-1 1 1\n") == "line 2: empty group 3-1");
  CHECK(error("default 1 1\ngroup 3 1 1\n") == "line 2: expected FIRST-LAST, got '3'");
  CHECK(error("default 1 1\nnodes 0 1 1\n") == "line 2: node size must be at least 1");
  CHECK(error("default 1 1\nswitch 0 1 1\n") ==
        "line 2: unknown keyword 'switch' (default, group, nodes, pair, link)");
}

TEST_CASE("heterogeneous times reduce to the α-β model on a homogeneous network", "[network]") {
  for (int p = 1; p <= 32; ++p)
    for (const collscope::test::BlockCase& c : collscope::test::block_cases(p, {10}, 1)) {
      const NetworkModel flat(p, {2.0, 0.5});
      for (int root : {0, p / 2}) {
        INFO("p = " << p << ", root = " << root << ", " << c.name);
        for (const GatherSchedule& s :
             {schedule_of(irregular_gather_tree(c.blocks, root)), binomial_schedule(p, root)}) {
          CHECK(gather_time(s, c.blocks, network_cost(flat)) ==
                Approx(gather_time(s, c.blocks, {2.0, 0.5, true, false})));
          CHECK(scatter_time(s, c.blocks, network_cost(flat)) ==
                Approx(scatter_time(s, c.blocks, {2.0, 0.5, true, false})));
        }
      }
    }
}

TEST_CASE("model-based trees span every rank; binomial keeps the binomial shape", "[network]") {
  for (int p = 1; p <= 40; ++p)
    for (const collscope::test::BlockCase& c : collscope::test::block_cases(p, {10}, 1))
      for (int root : {0, p / 2, p - 1}) {
        INFO("p = " << p << ", root = " << root << ", " << c.name);
        const NetworkModel network = interleaved(p);
        const GatherSchedule reference = binomial_schedule(p, root);
        for (Mapping m : {Mapping::minimum_first, Mapping::maximum_first}) {
          const GatherSchedule s = model_binomial_schedule(c.blocks, root, network, m);
          REQUIRE(spans(s, root));
          std::vector<int> degrees, reference_degrees;
          for (int v = 0; v < p; ++v) {
            degrees.push_back(static_cast<int>(s[v].receives.size()));
            reference_degrees.push_back(static_cast<int>(reference[v].receives.size()));
          }
          std::sort(degrees.begin(), degrees.end());
          std::sort(reference_degrees.begin(), reference_degrees.end());
          REQUIRE(degrees == reference_degrees);
          REQUIRE(s[root].receives.size() == reference[root].receives.size());
        }
        const GatherSchedule traff = model_traff_schedule(c.blocks, root, network);
        REQUIRE(spans(traff, root));
        if (p > 1) REQUIRE(static_cast<int>(traff[root].receives.size()) == ceil_log2(p));
        const std::vector<int> order = message_order(traff, root);
        REQUIRE(static_cast<int>(order.size()) == p);
      }
}

TEST_CASE("on two interleaved clusters minimum-first crosses the slow network once", "[network]") {
  for (int p : {8, 16, 32, 64}) {
    const NetworkModel network = interleaved(p);
    const std::vector<std::int64_t> blocks(static_cast<std::size_t>(p), 4000);
    INFO("p = " << p);
    CHECK(crossings(binomial_schedule(p, 0)) == p / 2); // every order-0 edge is odd–even
    CHECK(crossings(model_binomial_schedule(blocks, 0, network, Mapping::minimum_first)) == 1);
    CHECK(crossings(model_binomial_schedule(blocks, 0, network, Mapping::maximum_first)) > 1);
  }
}

TEST_CASE("with slow network cards the model-based trees beat the oblivious binomial tree",
          "[network]") {
  for (int p : {8, 16, 32, 64}) {
    NetworkModel network(p, {1e-6, 1e-9});
    for (int slow = 4; slow < p; slow += 4) // ranks 4, 8, …: inner nodes of the binomial tree
      for (int j = 0; j < p; ++j) network.set_pair(slow, j, {1e-6, 1e-7});
    const std::vector<std::int64_t> blocks(static_cast<std::size_t>(p), 4000);
    const GatherSchedule oblivious = binomial_schedule(p, 0);
    const MessageCost cost = network_cost(network);
    const double t_oblivious = gather_time(oblivious, blocks, cost);
    INFO("p = " << p << ", oblivious " << t_oblivious);
    CHECK(gather_time(model_binomial_schedule(blocks, 0, network, Mapping::minimum_first), blocks,
                      cost) < t_oblivious);
    const GatherSchedule traff = model_traff_schedule(blocks, 0, network);
    CHECK(gather_time(traff, blocks, cost) < t_oblivious);
    CHECK(scatter_time(traff, blocks, cost) < scatter_time(oblivious, blocks, cost));
  }
}

TEST_CASE("message_order of an ordered schedule is rank order", "[network]") {
  for (int p = 1; p <= 40; ++p) {
    const auto blocks = collscope::test::widen(problem_blocks(Problem::random, p, 10, 2));
    for (int root = 0; root < p; ++root) {
      const IrregularTree tree = irregular_gather_tree(blocks, root);
      const GatherSchedule s = schedule_of(tree);
      for (int v = 0; v < p; ++v) {
        if (v == root) continue;
        std::vector<int> order = message_order(s, v);
        const RankRange cube = cube_of(v, tree.nodes[v].level, p);
        // Ordered: the sender's own block sits among the others, not necessarily first.
        std::sort(order.begin(), order.end());
        REQUIRE(order.front() == cube.begin);
        REQUIRE(order.back() == cube.end - 1);
        REQUIRE(static_cast<int>(order.size()) == cube.size());
      }
    }
  }
}
