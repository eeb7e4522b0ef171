// Node layouts, bytes per node and the two-level, k-lane and k-ported replays against closed
// forms on synthetic traces (seeds/001, "Hierarchical collectives", "k-ported vs. k-lane").
#include "algorithm_traces.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/nodes.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/volume.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

using namespace collscope;
using collscope::test::at;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

using Round = std::vector<std::pair<int, int>>; // (sender, receiver) with blocking Send/Recv

model::Trace load(const TraceBuilder& b) {
  const TempDir dir;
  return model::load_trace(b.write(dir / "trace"));
}

// A broadcast given by its rounds, each rank sending or receiving at most once per round,
// inside an `algorithm bcast/NAME` region carrying `meta`.
TraceBuilder rounds_trace(int p, const std::vector<Round>& rounds, std::uint64_t bytes,
                          const TraceBuilder::Meta& meta = {}) {
  TraceBuilder b(p);
  const auto count = static_cast<int>(rounds.size());
  if (!meta.empty())
    for (int r = 0; r < p; ++r) b.enter(r, 0.0, "algorithm bcast/" + meta.at("algorithm"), meta);
  for (int k = 0; k < count; ++k)
    for (const auto& [from, to] : rounds[k]) {
      b.send(from, at(k, 2), at(k, 4), to, bytes);
      b.recv(to, at(k, 1), at(k, 5), from, bytes);
    }
  if (!meta.empty())
    for (int r = 0; r < p; ++r) b.leave(r, at(count, 0), "algorithm bcast/" + meta.at("algorithm"));
  return b;
}

// Binomial broadcast from members[0] over `members` (as algorithms/ does it: the farthest
// subtree first), appended to `rounds` from round `first` on.
void binomial(const std::vector<int>& members, std::vector<Round>& rounds, std::size_t first) {
  const auto n = static_cast<int>(members.size());
  int d = 1;
  while (d < n) d *= 2;
  for (std::size_t k = first; (d /= 2) >= 1; ++k) {
    if (rounds.size() <= k) rounds.resize(k + 1);
    for (int v = 0; v + d < n; v += 2 * d) rounds[k].emplace_back(members[v], members[v + d]);
  }
}

std::vector<int> iota(int p) {
  std::vector<int> all;
  for (int r = 0; r < p; ++r) all.push_back(r);
  return all;
}

// Bcast(C) over the nodes' first ranks, then Bcast(c_i) on every node (seeds/001).
std::vector<Round> hierarchical(const std::vector<std::vector<int>>& nodes) {
  std::vector<Round> rounds;
  std::vector<int> leaders;
  for (const auto& node : nodes) leaders.push_back(node.front());
  binomial(leaders, rounds, 0);
  const std::size_t after = rounds.size();
  for (const auto& node : nodes) binomial(node, rounds, after);
  return rounds;
}

std::string node_list(const model::NodeLayout& layout) {
  std::string text;
  for (const int n : layout.node_of) text += (text.empty() ? "" : ",") + std::to_string(n);
  return text;
}

std::vector<std::vector<int>> members(const model::NodeLayout& layout) {
  std::vector<std::vector<int>> out(static_cast<std::size_t>(layout.nodes));
  for (std::size_t r = 0; r < layout.node_of.size(); ++r)
    out[layout.node_of[r]].push_back(static_cast<int>(r));
  return out;
}

constexpr model::AlphaBeta inside{0.5e-6, 0.1e-9};
constexpr model::AlphaBeta between{3e-6, 1e-9};

} // namespace

TEST_CASE("node layouts: from the user, from the trace's metadata, or one node") {
  CHECK(model::layout_ranks_per_node(8, 3).node_of == std::vector<int>{0, 0, 0, 1, 1, 1, 2, 2});
  CHECK(model::layout_ranks_per_node(8, 3, true).node_of ==
        std::vector<int>{0, 1, 2, 0, 1, 2, 0, 1});
  const model::NodeLayout sizes = model::layout_node_sizes(8, "3,3,2");
  CHECK(sizes.node_of == std::vector<int>{0, 0, 0, 1, 1, 1, 2, 2});
  CHECK(sizes.nodes == 3);
  CHECK(sizes.size(2) == 2);
  CHECK(model::parse_node_list("4,4,7,0") == std::vector<int>{1, 1, 2, 0});
  CHECK_THROWS_WITH(model::layout_node_sizes(8, "3,3"),
                    "--nodes 3,3 places 6 ranks, the trace has 8");
  CHECK_THROWS_WITH(model::layout_node_sizes(8, "3,x"),
                    "--nodes expects comma-separated whole numbers, got '3,x'");
  CHECK_THROWS_WITH(model::layout_node_sizes(8, "8,0"), "--nodes: a node of 0 ranks in '8,0'");
  CHECK_THROWS_AS(model::layout_ranks_per_node(8, 0), model::LayoutError);

  const model::NodeLayout rr = model::layout_ranks_per_node(12, 4, true);
  const TraceBuilder::Meta meta = {
      {"collective", "bcast"},  {"algorithm", "hierarchical"}, {"root", "0"}, {"p", "12"},
      {"nodes", node_list(rr)}, {"placement", "round-robin"}};
  const model::Trace recorded = load(rounds_trace(12, hierarchical(members(rr)), 64, meta));
  const model::NodeLayout read = model::layout_of(recorded);
  CHECK(read.source == model::NodeLayout::Source::trace);
  CHECK(read.node_of == rr.node_of);
  CHECK(read.nodes == 3);
  CHECK(read.placement == "round-robin");

  const model::NodeLayout none = model::layout_of(load(test::ring_allgather(5, 8)));
  CHECK(none.source == model::NodeLayout::Source::none);
  CHECK(none.nodes == 1);
  CHECK(none.node_of == std::vector<int>(5, 0));
}

TEST_CASE("a node list that does not fit p is named and left out") {
  const TraceBuilder::Meta meta = {
      {"collective", "bcast"}, {"algorithm", "hierarchical"}, {"p", "4"}, {"nodes", "0,0,1"}};
  const TempDir dir;
  const model::Trace t = model::load_trace(rounds_trace(4, {{{0, 1}}}, 8, meta).write(dir / "t"));
  REQUIRE(t.algorithms.size() == 1);
  REQUIRE(t.algorithms[0].problems.size() == 1);
  CHECK_THAT(t.algorithms[0].problems[0],
             Catch::Contains("metadata nodes = '0,0,1' lists 3 ranks, not p = 4"));
  CHECK_FALSE(t.algorithms[0].meta.contains("nodes"));
  CHECK(model::layout_of(t).nodes == 1); // no layout read from the bad list
}

TEST_CASE("two-level replay on one node, one port, is the alpha-beta replay") {
  const model::TwoLevel same{inside, between, 0, 1};
  for (int p : {2, 5, 8}) {
    CAPTURE(p);
    for (const model::Trace& t :
         {load(test::binomial_gather(p, 100)), load(test::ring_allgather(p, 100)),
          load(test::pipeline_bcast(p, 3, 100))}) {
      const model::Replay flat = model::replay_alpha_beta(t, inside);
      const model::Replay two = model::replay_two_level(t, model::one_node(p), same);
      CHECK(two.complete);
      CHECK(two.total == Approx(flat.total).epsilon(1e-12));
      CHECK_THAT(two.rank_completion, Catch::Matchers::Approx(flat.rank_completion));
      // every rank on its own node: all messages cross the network
      const model::Replay apart =
          model::replay_two_level(t, model::layout_ranks_per_node(p, 1), same);
      CHECK(apart.total == Approx(model::replay_alpha_beta(t, between).total).epsilon(1e-12));
    }
  }
}

TEST_CASE("flat binomial vs hierarchical broadcast on 3 nodes of 4") {
  const std::uint64_t m = 4000;
  const double net = between.alpha + between.beta * m; // α' + β'm
  const double shm = inside.alpha + inside.beta * m;   // α + βm
  const model::TwoLevel model{inside, between, 0, 1};
  std::vector<Round> binomial_rounds;
  binomial(iota(12), binomial_rounds, 0);
  const model::Trace flat = load(rounds_trace(12, binomial_rounds, m));

  SECTION("consecutive placement: the flat tree is already hierarchical, 2(α'+β'm) + 2(α+βm)") {
    const model::NodeLayout layout = model::layout_ranks_per_node(12, 4);
    const model::Trace hier = load(rounds_trace(12, hierarchical(members(layout)), m));
    CHECK(model::replay_two_level(flat, layout, model).total == Approx(2 * net + 2 * shm));
    CHECK(model::replay_two_level(hier, layout, model).total == Approx(2 * net + 2 * shm));
  }
  SECTION("round-robin: every flat message crosses the network, 4(α'+β'm); hierarchical keeps "
          "2(α'+β'm) + 2(α+βm)") {
    const model::NodeLayout layout = model::layout_ranks_per_node(12, 4, true);
    const model::Trace hier = load(rounds_trace(12, hierarchical(members(layout)), m));
    CHECK(model::replay_two_level(flat, layout, model).total == Approx(4 * net));
    CHECK(model::replay_two_level(hier, layout, model).total == Approx(2 * net + 2 * shm));
    // In the flat tree's last round two ranks of every node send off-node at once: with one
    // lane they take turns, 3(α'+β'm) + ⌈2/k⌉(α'+β'm).
    for (int k : {1, 2, 3}) {
      CAPTURE(k);
      const model::TwoLevel lanes{inside, between, k, 1};
      CHECK(model::replay_two_level(flat, layout, lanes).total ==
            Approx((3 + (2 + k - 1) / k) * net));
      CHECK(model::replay_two_level(hier, layout, lanes).total == Approx(2 * net + 2 * shm));
    }

    // The lecture's point: the hierarchical broadcast sends m into each other node once, the
    // flat one (p − 1)m across the network, 3m or 4m into each node.
    const model::NodeVolume h = model::node_volume(hier, layout);
    CHECK(h.into == std::vector<std::uint64_t>{0, m, m});
    CHECK(h.out_of == std::vector<std::uint64_t>{2 * m, 0, 0});
    CHECK(h.between == 2 * m);
    CHECK(h.inside == std::vector<std::uint64_t>{3 * m, 3 * m, 3 * m});
    const model::NodeVolume f = model::node_volume(flat, layout);
    CHECK(f.into == std::vector<std::uint64_t>{3 * m, 4 * m, 4 * m});
    CHECK(f.between == 11 * m);
    CHECK(f.max_into == 4 * m);
    CHECK(f.inside == std::vector<std::uint64_t>{0, 0, 0});
  }
}

TEST_CASE("k-lane: more than k off-node senders of a node are serialized, ceil(n/k)(α'+β'm)") {
  const std::uint64_t m = 1000;
  const double net = between.alpha + between.beta * m;
  Round all;
  for (int i = 0; i < 4; ++i) all.emplace_back(i, i + 4); // node 0 → node 1, one pair per rank
  const model::Trace t = load(rounds_trace(8, {all}, m));
  const model::NodeLayout layout = model::layout_ranks_per_node(8, 4);
  for (int k : {1, 2, 3, 4, 5}) {
    CAPTURE(k);
    const model::Replay r = model::replay_two_level(t, layout, {inside, between, k, 1});
    CHECK(r.complete);
    CHECK(r.total == Approx(((4 + k - 1) / k) * net));
    std::vector<double> starts = r.message_start;
    std::sort(starts.begin(), starts.end());
    for (int i = 0; i < 4; ++i) CHECK(starts[i] == Approx((i / k) * net));
  }
  CHECK(model::replay_two_level(t, layout, {inside, between, 0, 1}).total == Approx(net));
  // The same pairs inside one node never touch a lane.
  CHECK(model::replay_two_level(t, model::one_node(8), {inside, between, 1, 1}).total ==
        Approx(inside.alpha + inside.beta * m));
}

TEST_CASE("k-ported: a rank sends to k ranks at once, ceil(3/k)(α+βm)") {
  const std::uint64_t m = 100;
  const double shm = inside.alpha + inside.beta * m;
  TraceBuilder b(4);
  for (int i = 1; i <= 3; ++i) {
    const double t = i * 1e-6;
    b.enter(0, t, "MPI_Isend").mpi_isend(0, t, i, m, 0, i).leave(0, t, "MPI_Isend");
    b.recv(i, 1e-6, 9e-6, 0, m);
  }
  b.enter(0, 4e-6, "MPI_Waitall");
  for (int i = 1; i <= 3; ++i) b.mpi_isend_complete(0, 5e-6, i);
  b.leave(0, 5e-6, "MPI_Waitall");
  const model::Trace t = load(b);
  for (int k : {1, 2, 3, 4}) {
    CAPTURE(k);
    const model::Replay r = model::replay_two_level(t, model::one_node(4), {inside, between, 0, k});
    CHECK(r.rank_completion[0] == Approx(((3 + k - 1) / k) * shm));
  }
}
