// Traces of allreduce doubly-pipelined (5040 doubles, M = 5) and reduce inorder-binary (5040
// ints, root p − 1), recorded by make_reduction_traces.sh at the recorded process counts:
// the annotated rounds are the schedules' (numbered 0 … R − 1, each used) and within the
// registry's bounds; the dependency depth a trace shows never exceeds them; the bytes each
// rank sends are the schedule's (a partial block up and a result block to every child, for
// every block); the α-β replay stays within rounds·(α + βm/M) and the registry's cost.
#define CATCH_CONFIG_MAIN
#include "collscope/algorithms/registry.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/schedule/dual_root.hpp"
#include "collscope/schedule/inorder_tree.hpp"
#include "env_sizes.hpp"
#include "recorded_trace.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace collscope;

namespace {

std::filesystem::path traces() {
  const char* dir = std::getenv("COLLSCOPE_REDUCTION_TRACES");
  REQUIRE(dir != nullptr);
  return dir;
}

std::vector<int> sizes() {
  return testing::sizes_from_env("COLLSCOPE_REDUCTION_SIZES");
}

constexpr double count = 5040; // the recorded runs
constexpr int blocks = 5;

std::vector<double> sent(const model::Trace& trace, int p) {
  std::vector<double> bytes(static_cast<std::size_t>(p), 0);
  for (const model::Message& m : trace.messages) bytes.at(m.sender) += static_cast<double>(m.bytes);
  return bytes;
}

/// Annotated rounds 0 … expected − 1, each used by a message.
void check_rounds(const model::Trace& trace, int expected) {
  const model::AnnotatedRounds rounds = model::annotated_rounds(trace);
  CHECK(rounds.rounds == expected);
  const std::set<int> used(rounds.message_round.begin(), rounds.message_round.end());
  std::set<int> all;
  for (int k = 0; k < expected; ++k) all.insert(k);
  CHECK(used == all);
  const model::InferredRounds inferred = model::inferred_rounds(trace);
  CHECK(inferred.consistent);
  CHECK(inferred.rounds <= expected);
}

} // namespace

TEST_CASE("allreduce doubly-pipelined: traced rounds, bytes and replays", "[reductions]") {
  const model::AlphaBeta ab{default_alpha_s, default_beta_s_per_byte};
  const Algorithm* a = find_algorithm(Collective::allreduce, "doubly-pipelined");
  REQUIRE(a);
  const double m = 8 * count;
  for (const int p : sizes()) {
    INFO("p = " << p);
    const model::Trace trace =
        testing::load_recorded(traces(), "allreduce_doubly-pipelined_p" + std::to_string(p));
    const int rounds = schedule::dual_root_rounds(p, blocks);
    check_rounds(trace, rounds);
    CHECK(rounds <= a->rounds.of(p, blocks));
    const std::vector<double> bytes = sent(trace, p);
    for (int rank = 0; rank < p; ++rank) {
      INFO("rank " << rank);
      const schedule::DualRootTree t = schedule::dual_root_tree(rank, p);
      const schedule::InorderNode n = schedule::inorder_node(t.lo, t.hi, t.top, rank);
      const int children = (n.left >= 0) + (n.right >= 0);
      CHECK(bytes[rank] == (p == 1 ? 0 : (1 + children) * m));
    }
    const model::Replay replay = model::replay_alpha_beta(trace, ab);
    CHECK(replay.complete);
    CHECK(replay.total <= rounds * (ab.alpha + ab.beta * m / blocks) * (1 + 1e-9));
    CHECK(replay.total <= a->cost.of(p, m, ab.alpha, ab.beta, blocks) * (1 + 1e-9));
  }
}

TEST_CASE("reduce inorder-binary: traced rounds, bytes and replays", "[reductions]") {
  const model::AlphaBeta ab{default_alpha_s, default_beta_s_per_byte};
  const Algorithm* a = find_algorithm(Collective::reduce, "inorder-binary");
  REQUIRE(a);
  const double m = 4 * count;
  for (const int p : sizes()) {
    INFO("p = " << p);
    const int root = p - 1;
    const model::Trace trace =
        testing::load_recorded(traces(), "reduce_inorder-binary_p" + std::to_string(p));
    const int rounds = schedule::inorder_reduce_rounds(p, root);
    check_rounds(trace, rounds);
    CHECK(rounds <= a->rounds.of(p, 1));
    const std::vector<double> bytes = sent(trace, p);
    for (int rank = 0; rank < p; ++rank) CHECK(bytes[rank] == (rank == root ? 0 : m));
    const model::Replay replay = model::replay_alpha_beta(trace, ab);
    CHECK(replay.complete);
    CHECK(replay.total <= rounds * (ab.alpha + ab.beta * m) * (1 + 1e-9));
    CHECK(replay.total <= a->cost.of(p, m, ab.alpha, ab.beta, 1) * (1 + 1e-9));
  }
}
