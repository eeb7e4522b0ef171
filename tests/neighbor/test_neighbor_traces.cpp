// Traces of the neighbourhood algorithms on the 3 × 3 torus (make_neighbor_traces.sh): every
// rank sends as many messages and bytes as the registry's formula says (its α coefficient is
// the messages a rank sends, its β coefficient the bytes), the annotated rounds are the
// formula's, the α-β replay equals the printed cost, direct sends to exactly the stencil's
// destinations, and combining only to the four edge neighbours (the 9-point stencil's corners
// travel through them).
#define CATCH_CONFIG_MAIN
#include "collscope/algorithms/registry.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/schedule/stencil.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace collscope;

TEST_CASE("traced messages, bytes and rounds per rank match the registry's formulas") {
  const char* dir = std::getenv("COLLSCOPE_NEIGHBOR_TRACES");
  REQUIRE(dir != nullptr);
  constexpr int p = 9, d = 2;
  constexpr double m = 60 * 4; // one block: 60 ints
  const std::vector<int> dims{3, 3};
  int checked = 0;
  for (Collective c : {Collective::neighbor_allgather, Collective::neighbor_alltoall})
    for (const std::string name : {"direct", "combining"})
      for (int points : {5, 9}) {
        const std::string label =
            std::string(to_string(c)) + "_" + name + "_s" + std::to_string(points);
        INFO(label);
        const Algorithm* a = find_algorithm(c, name);
        REQUIRE(a);
        const int s = points - 1;
        const auto& f = a->neighbor_formula;
        const double messages = f.cost(
            {.m = m, .alpha = 1, .beta = 0, .neighbors = double(s), .dimensions = double(d)});
        const double bytes = f.cost(
            {.m = m, .alpha = 0, .beta = 1, .neighbors = double(s), .dimensions = double(d)});
        const model::Trace trace = model::load_trace(std::filesystem::path(dir) / label);
        ++checked;
        CHECK(model::annotated_rounds(trace).rounds == f.rounds(s, d));
        // The α-β replay (a rank's messages one after the other) is the printed cost.
        const model::AlphaBeta ab{default_alpha_s, default_beta_s_per_byte};
        const model::Replay replay = model::replay_alpha_beta(trace, ab);
        CHECK(replay.complete);
        CHECK(replay.total == Approx(f.cost({.m = m,
                                             .alpha = ab.alpha,
                                             .beta = ab.beta,
                                             .neighbors = double(s),
                                             .dimensions = double(d)}))
                                  .epsilon(1e-9));
        const schedule::Neighborhood n = points == 5 ? schedule::cartesian_neighborhood(dims)
                                                     : schedule::stencil_neighborhood(9, dims);
        std::vector<std::vector<int>> sent_to(p);
        std::vector<double> sent_bytes(p, 0);
        for (const model::Message& msg : trace.messages) {
          if (trace.ranks[msg.sender].operations[msg.send_op].native) continue;
          sent_to[msg.sender].push_back(msg.receiver);
          sent_bytes[msg.sender] += static_cast<double>(msg.bytes);
        }
        for (int r = 0; r < p; ++r) {
          INFO("rank " << r);
          CHECK(static_cast<double>(sent_to[r].size()) == messages);
          CHECK(sent_bytes[r] == bytes);
          std::vector<int> got = sent_to[r], want = schedule::send_ranks(n, r);
          if (name == "combining") // the edge neighbours only
            want = schedule::send_ranks(schedule::cartesian_neighborhood(dims), r);
          std::sort(got.begin(), got.end());
          std::sort(want.begin(), want.end());
          CHECK(got == want);
        }
      }
  CHECK(checked == 8);
}
