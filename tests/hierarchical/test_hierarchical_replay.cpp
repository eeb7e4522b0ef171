// The recorded hierarchical and full-lane runs under the two-level and k-lane replays
// (tracer/model: nodes.hpp, replay_two_level, node_volume): the layout is read back from the
// trace, the hierarchical broadcast replays to the registry's two-level cost
// ⌈log₂N⌉(α' + β'm) + ⌈log₂n⌉(α + βm) (seeds/001, "Hierarchical collectives"), it brings m into
// every other node once, and the full-lane broadcast needs its n lanes (seeds/001,
// "Hierarchical, full-lane collectives"): with one lane per node its lanes are serialized.
#define CATCH_CONFIG_MAIN
#include "collscope/model/load_trace.hpp"
#include "collscope/model/nodes.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/volume.hpp"
#include "recorded_trace.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace collscope;

namespace {

model::Trace load(const std::string& name) {
  const char* dir = std::getenv("COLLSCOPE_HIERARCHICAL_TRACES");
  REQUIRE(dir != nullptr);
  return testing::load_recorded(dir, name);
}

int ceil_log2(int n) {
  int k = 0;
  while ((1 << k) < n) ++k;
  return k;
}

constexpr model::AlphaBeta inside{0.25e-6, 0.1e-9};
constexpr model::AlphaBeta between{1e-6, 0.2e-9};
constexpr std::uint64_t m = 1200 * sizeof(int);

} // namespace

TEST_CASE("hierarchical bcast: layout from the trace, m into each other node, two-level cost") {
  struct Case {
    const char* tag;
    int p, per_node;
    bool round_robin;
    int root;
  };
  for (const Case c :
       {Case{"3x4", 12, 4, false, 6}, Case{"4x2rr", 8, 2, true, 5}, Case{"2x3", 6, 3, false, 4}}) {
    CAPTURE(c.tag);
    const model::Trace trace = load(std::string("bcast_hierarchical_") + c.tag);
    const model::NodeLayout layout = model::layout_of(trace);
    const model::NodeLayout expected = model::layout_ranks_per_node(c.p, c.per_node, c.round_robin);
    CHECK(layout.source == model::NodeLayout::Source::trace);
    CHECK(layout.node_of == expected.node_of);
    CHECK(layout.placement == (c.round_robin ? "round-robin" : "consecutive"));

    const model::NodeVolume v = model::node_volume(trace, layout);
    for (int n = 0; n < layout.nodes; ++n)
      CHECK(v.into[n] == (n == layout.node_of[c.root] ? 0 : m));
    CHECK(v.between == (layout.nodes - 1) * m);

    const int N = layout.nodes, n = c.per_node;
    const double cost = ceil_log2(N) * (between.alpha + between.beta * m) +
                        ceil_log2(n) * (inside.alpha + inside.beta * m);
    const model::Replay r = model::replay_two_level(trace, layout, {inside, between, 0, 1});
    CHECK(r.complete);
    CHECK(r.total == Approx(cost).epsilon(1e-9));
    // One rank of a node talks off-node at a time: one lane is enough.
    CHECK(model::replay_two_level(trace, layout, {inside, between, 1, 1}).total ==
          Approx(cost).epsilon(1e-9));
  }
}

TEST_CASE("full-lane bcast on 3 nodes of 4: m into each node, and it needs its lanes") {
  const model::Trace trace = load("bcast_full-lane_3x4");
  const model::NodeLayout layout = model::layout_of(trace);
  REQUIRE(layout.nodes == 3);
  const model::NodeVolume v = model::node_volume(trace, layout);
  for (int node = 0; node < 3; ++node) CHECK(v.into[node] == (node == layout.node_of[6] ? 0 : m));
  const double free = model::replay_two_level(trace, layout, {inside, between, 0, 1}).total;
  CHECK(model::replay_two_level(trace, layout, {inside, between, 4, 1}).total == Approx(free));
  const double one_lane = model::replay_two_level(trace, layout, {inside, between, 1, 1}).total;
  // The lanes carry m/n each: with one lane the root's node sends its n pieces one by one.
  CHECK(one_lane > free + 2 * between.beta * (m / 4));
  // The flat binomial on the same layout moves (p − 1)m … more than the hierarchical m per node.
  const model::Trace flat = load("bcast_binomial_3x4");
  CHECK(model::node_volume(flat, model::layout_of(flat)).between > 2 * m);
}
