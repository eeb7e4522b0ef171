// Traces of the hierarchical and full-lane algorithms (make_hierarchical_traces.sh): the node
// layout recorded in the trace, the bytes that enter and leave each node against the lecture's
// figures (seeds/001, "Hierarchical collectives": the same data never enters a node twice;
// full-lane bcast and reduce: m per node, in n pieces), and the annotated rounds against the
// registry's two-level count.
#define CATCH_CONFIG_MAIN
#include "collscope/algorithms/registry.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "recorded_trace.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

using namespace collscope;

namespace {

std::filesystem::path traces() {
  const char* dir = std::getenv("COLLSCOPE_HIERARCHICAL_TRACES");
  REQUIRE(dir != nullptr);
  return dir;
}

std::vector<int> parse_nodes(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) out.push_back(std::stoi(item));
  return out;
}

struct NodeTraffic {
  std::vector<int> node_of, sizes;
  std::vector<double> in, out;   ///< bytes entering / leaving each node
  double most_into_one_rank = 0; ///< the most inter-node bytes one rank receives
};

NodeTraffic traffic(const model::Trace& trace, const std::vector<int>& node_of) {
  const int N = *std::max_element(node_of.begin(), node_of.end()) + 1;
  NodeTraffic t{node_of, std::vector<int>(std::size_t(N)), std::vector<double>(std::size_t(N)),
                std::vector<double>(std::size_t(N))};
  for (int node : node_of) ++t.sizes[std::size_t(node)];
  std::vector<double> per_rank(node_of.size(), 0);
  for (const model::Message& m : trace.messages) {
    const int from = node_of.at(std::size_t(m.sender)), to = node_of.at(std::size_t(m.receiver));
    if (from == to) continue;
    t.out[std::size_t(from)] += double(m.bytes);
    t.in[std::size_t(to)] += double(m.bytes);
    per_rank[std::size_t(m.receiver)] += double(m.bytes);
  }
  t.most_into_one_rank = *std::max_element(per_rank.begin(), per_rank.end());
  return t;
}

/// Bytes rank i of the butterfly allreduce on q ranks sends (and receives) for m bytes.
double butterfly_bytes(int i, int N, double m) {
  const int q = schedule::butterfly_core(N), v = schedule::butterfly_vrank(i, N);
  const bool even_folded = v < 0, odd_folded = q != N && i < 2 * (N - q) && v >= 0;
  return even_folded ? m : schedule::floor_log2(q) * m + odd_folded * m;
}

} // namespace

TEST_CASE("hierarchical traces: layout, bytes per node and two-level rounds", "[hierarchical]") {
  int checked = 0;
  for (const std::string& name : testing::recorded_names(traces())) {
    INFO(name);
    const model::Trace trace = testing::load_recorded(traces(), name);
    REQUIRE(trace.algorithms.size() == 1);
    const auto& meta = trace.algorithms.front().meta;
    REQUIRE(meta.count("nodes"));
    REQUIRE(meta.count("placement"));
    const std::vector<int> node_of = parse_nodes(meta.at("nodes"));
    const int p = static_cast<int>(node_of.size());
    REQUIRE(p == std::stoi(meta.at("p")));
    CHECK(meta.at("placement") == (name.ends_with("rr")    ? "round-robin"
                                   : name.ends_with("332") ? "explicit"
                                                           : "consecutive"));
    const std::string collective = meta.at("collective"), algorithm = meta.at("algorithm");
    const double m = std::stod(meta.at("count")) * std::stod(meta.at("type_size"));
    const NodeTraffic t = traffic(trace, node_of);
    const int N = static_cast<int>(t.sizes.size());
    const int n = *std::max_element(t.sizes.begin(), t.sizes.end());
    const int root = meta.count("root") ? std::stoi(meta.at("root")) : 0;
    const int root_node = node_of[std::size_t(root)];

    const Collective c = *parse_collective(collective);
    const Algorithm* a = find_algorithm(c, algorithm);
    REQUIRE(a);
    if (!a->hierarchical()) {
      // Flat algorithms on 3 nodes of 4, for contrast: some node receives the same data more
      // than once (binomial bcast: 4m into nodes 1 and 2; butterfly: 2 rounds across nodes).
      CHECK(*std::max_element(t.in.begin(), t.in.end()) > m);
      ++checked;
      continue;
    }
    // The Van de Geijn bcast and Rabenseifner reduce on both levels move pieces between the
    // leaders: a node's link carries more than m when the leaders fold (N not a power of two)
    // or the root's scatter blocks come back in the allgather; Rabenseifner's rounds are a
    // bound (2⌊log₂x⌋ + 1 when the root stays in the core).
    if (algorithm == "hierarchical-scatter-allgather" ||
        algorithm == "hierarchical-scatter-gather") {
      const int rounds = model::annotated_rounds(trace).rounds;
      if (c == Collective::bcast)
        CHECK(rounds == a->two_level.rounds(N, n));
      else
        CHECK(rounds <= a->two_level.rounds(N, n));
      for (int i = 0; i < N; ++i) {
        INFO("node " << i << ": in " << t.in[std::size_t(i)] << ", out " << t.out[std::size_t(i)]);
        CHECK(t.in[std::size_t(i)] <= 2 * m);
        CHECK(t.out[std::size_t(i)] <= 2 * m);
      }
      ++checked;
      continue;
    }
    CHECK(model::annotated_rounds(trace).rounds == a->two_level.rounds(N, n));
    for (int i = 0; i < N; ++i) {
      INFO("node " << i << " of " << N << ": in " << t.in[std::size_t(i)] << ", out "
                   << t.out[std::size_t(i)] << ", m " << m);
      const double in = t.in[std::size_t(i)], out = t.out[std::size_t(i)];
      if (c == Collective::bcast) CHECK(in == (i == root_node ? 0 : m));
      if (c == Collective::reduce) CHECK(out == (i == root_node ? 0 : m));
      if (c == Collective::allgather) CHECK(in == (p - t.sizes[std::size_t(i)]) * m / 1.0);
      if (c == Collective::allreduce) {
        CHECK(in == butterfly_bytes(i, N, m));
        CHECK(out == butterfly_bytes(i, N, m));
      }
      if (c == Collective::alltoall) {
        // count is per destination here: each of the node's ranks gets one block from each
        // rank elsewhere, in one message per pair of nodes, and sends as many.
        const double blocks = t.sizes[std::size_t(i)] * (p - t.sizes[std::size_t(i)]);
        CHECK(in == blocks * m);
        CHECK(out == blocks * m);
      }
      if (c == Collective::scan) {
        int partners = 0;
        for (int d = 1; i + d < N; d *= 2) ++partners;
        CHECK(out == partners * m);
      }
    }
    // Full-lane: every rank of a node carries 1/n of the node's traffic.
    if (a->full_lane() && c != Collective::allgather) {
      const double node_in = *std::max_element(t.in.begin(), t.in.end());
      CHECK(t.most_into_one_rank * n == node_in);
    }
    ++checked;
  }
  // 4 algorithms × 2 kinds on 3 regular layouts, 4 on the irregular, 3 scans, 2 alltoalls,
  // 2 flat, the Van de Geijn bcast and Rabenseifner reduce on all 4 layouts.
  CHECK(checked == 3 * 8 + 4 + 3 + 2 + 2 + 2 * 4);
}
