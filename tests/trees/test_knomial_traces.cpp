// Traces of the k-nomial trees (make_tree_traces.sh: root p − 1, k = 3 at p = 5 and 9, k = 4 at
// p = 16): annotated and inferred rounds are ⌈log_k p⌉ (a level's Isends or Irecvs complete in
// one Waitall, so they infer one round), the messages and bytes are the tree's, and the replays
// meet the registry's formulas: the one-ported α-β replay (a rank's k−1 messages of a level
// take turns on its port) stays within the `cost` bound and equals it at p = k^L; the k-ported
// replay (replay_two_level with k−1 ports on one node) equals `ported` for bcast and reduce
// and meets its bound for gather and scatter, equal at p = k^L.
#include "collscope/cost_defaults.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/nodes.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/schedule/bruck_radix.hpp"
#include "collscope/schedule/knomial.hpp"
#include "recorded_trace.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace collscope;

namespace {

model::Trace load_knomial(const std::string& collective, int p, int k,
                          const std::string& name = "knomial") {
  const char* dir = std::getenv("COLLSCOPE_TREE_TRACES");
  REQUIRE(dir != nullptr);
  return testing::load_recorded(dir, collective + "_" + name + "_p" + std::to_string(p) + "_k" +
                                         std::to_string(k));
}

bool close(double a, double b) {
  return std::abs(a - b) <= 1e-6 * std::max(std::abs(a), std::abs(b));
}

constexpr int count = 6;    // --count of the recorded runs (ints)
constexpr double unit = 24; // bytes of one rank's block or of the vector

} // namespace

TEST_CASE("k-nomial traces: rounds, messages, bytes and replays against the formulas",
          "[trees][knomial]") {
  const struct {
    int p, k;
    std::vector<std::string> collectives;
  } runs[] = {{5, 3, {"bcast", "reduce", "gather", "scatter"}},
              {9, 3, {"bcast", "reduce", "gather", "scatter"}},
              {16, 4, {"bcast", "gather"}}};
  const double alpha = default_alpha_s, beta = default_beta_s_per_byte;
  for (const auto& run : runs)
    for (const std::string& c : run.collectives) {
      const int p = run.p, k = run.k;
      INFO(c << " knomial p = " << p << " k = " << k);
      const model::Trace trace = load_knomial(c, p, k);
      const int levels = schedule::knomial_levels(p, k);
      CHECK(model::annotated_rounds(trace).rounds == levels);
      CHECK(model::inferred_rounds(trace).rounds == levels);
      // One message per edge; gather and scatter carry each edge's subtree.
      const bool subtrees = c == "gather" || c == "scatter";
      REQUIRE(trace.messages.size() == static_cast<std::size_t>(p - 1));
      double bytes = 0, expected_bytes = 0;
      for (const model::Message& m : trace.messages) bytes += double(m.bytes);
      for (int v = 1; v < p; ++v)
        expected_bytes += unit * (subtrees ? schedule::knomial_subtree_size(v, p, k) : 1);
      CHECK(bytes == expected_bytes);

      const double m = subtrees ? unit * p : unit;
      const bool exact = p == 9 || p == 16; // p = k^L
      const double one_port = model::replay_alpha_beta(trace, {alpha, beta}).total;
      const double one_formula = subtrees ? schedule::knomial_gather_cost(p, m, alpha, beta, k)
                                          : schedule::knomial_bcast_cost(p, m, alpha, beta, k);
      CHECK(one_port <= one_formula * (1 + 1e-9));
      if (exact) CHECK(close(one_port, one_formula));

      model::TwoLevel ported_model{{alpha, beta}, {alpha, beta}, 0, k - 1};
      const double ported =
          model::replay_two_level(trace, model::layout_ranks_per_node(p, p), ported_model).total;
      const double ported_formula = subtrees
                                        ? schedule::knomial_ported_gather_cost(p, m, alpha, beta, k)
                                        : schedule::knomial_ported_bcast_cost(p, m, alpha, beta, k);
      CHECK(ported <= ported_formula * (1 + 1e-9));
      if (exact || !subtrees) CHECK(close(ported, ported_formula));
      CHECK(ported < one_port); // k−1 ports overlap what one port serialises
    }
}

TEST_CASE("Bruck in radix 3 traces: rounds, one partner per round, bytes and the α-β replay",
          "[trees][knomial]") {
  const double alpha = default_alpha_s, beta = default_beta_s_per_byte;
  for (const int p : {5, 9}) {
    INFO("alltoall bruck-radix p = " << p << " k = 3");
    const model::Trace trace = load_knomial("alltoall", p, 3, "bruck-radix");
    const int rounds = schedule::bruck_radix_rounds(p, 3);
    CHECK(rounds == (p == 9 ? 4 : 3));
    CHECK(model::annotated_rounds(trace).rounds == rounds);
    CHECK(trace.messages.size() == static_cast<std::size_t>(p * rounds));
    // Each rank sends, per round, the slots of one digit value: Σ over rounds of their count.
    double bytes = 0, expected = 0;
    for (const model::Message& m : trace.messages) bytes += double(m.bytes);
    for (const schedule::RadixStep& s : schedule::bruck_radix_steps(p, 3))
      expected += p * unit * double(schedule::slots_with_digit(p, 3, s.position, s.digit).size());
    CHECK(bytes == expected);
    const double m = unit * p;
    const double replay = model::replay_alpha_beta(trace, {alpha, beta}).total;
    CHECK(close(replay, schedule::bruck_radix_time(p, m, alpha, beta, 3)));
    CHECK(replay <= schedule::bruck_radix_bound(p, m, alpha, beta, 3) * (1 + 1e-9));
  }
}
