// Traces of the tree and hypercube broadcasts and the two-tree reduction (make_tree_traces.sh):
// the annotated rounds equal each schedule's exact count at every recorded process count
// (COLLSCOPE_TREE_SIZES), every non-root receives every block once from a tree, and at the lemma's
// block counts Jia's α-β replay beats the linear and the binary-tree pipelines.
#define CATCH_CONFIG_MAIN
#include "collscope/cost_defaults.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/schedule/jia.hpp"
#include "collscope/schedule/pipelined_tree.hpp"
#include "collscope/schedule/two_tree.hpp"
#include "env_sizes.hpp"
#include "recorded_trace.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

using namespace collscope;

namespace {

std::filesystem::path traces() {
  const char* dir = std::getenv("COLLSCOPE_TREE_TRACES");
  REQUIRE(dir != nullptr);
  return dir;
}

std::vector<int> sizes() {
  return testing::sizes_from_env("COLLSCOPE_TREE_SIZES");
}

model::Trace load(const std::string& name) {
  return testing::load_recorded(traces(), name);
}

constexpr int blocks = 5; // --blocks of the recorded runs

} // namespace

TEST_CASE("traced rounds equal the schedules' exact round counts", "[trees]") {
  for (const int p : sizes()) {
    INFO("p = " << p);
    const struct {
      const char* name;
      int rounds;
    } expected[] = {
        {"binary-pipeline", schedule::binary_pipeline_rounds(p, blocks)},
        {"fibonacci-pipeline", schedule::fibonacci_pipeline_rounds(p, blocks)},
        {"two-tree", schedule::two_tree_rounds(p, blocks)},
        {"jia", schedule::jia_rounds(p, blocks)},
    };
    for (const auto& e : expected) {
      INFO(e.name);
      const model::Trace trace = load(std::string("bcast_") + e.name + "_p" + std::to_string(p));
      CHECK(model::annotated_rounds(trace).rounds == e.rounds);
      // The trees deliver each block to each non-root exactly once; Jia resends block M − 1.
      if (std::string(e.name) != "jia")
        CHECK(trace.messages.size() == static_cast<std::size_t>((p - 1) * blocks));
      else
        CHECK(trace.messages.size() >= static_cast<std::size_t>((p - 1) * blocks));
      if (p > 1 && std::string(e.name) == "jia")
        CHECK(e.rounds == blocks - 1 + [&] {
          int k = 0;
          while ((1 << k) < p) ++k;
          return k;
        }());
    }
    // Reduce to root p − 1: the two-tree's rounds plus the forward from rank 0.
    const model::Trace reduce = load("reduce_two-tree_p" + std::to_string(p));
    CHECK(model::annotated_rounds(reduce).rounds ==
          (p == 1 ? 0 : schedule::two_tree_rounds(p, blocks) + (p > 1 ? 1 : 0)));
  }
}

TEST_CASE("α-β replay at the lemma's block counts: jia beats pipeline and binary-pipeline",
          "[trees][replay]") {
  // The α and β the lemma chose the block counts with (collscope-run uses the defaults).
  const model::AlphaBeta ab{default_alpha_s, default_beta_s_per_byte};
  for (const int p : {8, 12, 16}) {
    INFO("p = " << p);
    const auto replay = [&](const char* name) {
      const model::Replay r = model::replay_alpha_beta(
          load(std::string("large_") + name + "_p" + std::to_string(p)), ab);
      CHECK(r.complete);
      return r.total;
    };
    const double jia = replay("jia"), two_tree = replay("two-tree");
    const double pipeline = replay("pipeline"), binary = replay("binary-pipeline");
    CHECK(jia < pipeline);
    CHECK(jia < binary);
    CHECK(two_tree < binary); // full bandwidth against half
    // Never below the lower bound ⌈log₂p⌉α + βm (m = 4·10⁶ bytes).
    int k = 0;
    while ((1 << k) < p) ++k;
    CHECK(jia >= k * ab.alpha + ab.beta * 4e6);
  }
}
