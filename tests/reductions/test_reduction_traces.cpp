// Traces of every allreduce and reduce_scatter_block algorithm (make_reduction_traces.sh) at
// the recorded process counts: the annotated rounds equal the registry's count and are
// numbered 0, 1, … without gaps or restarts (reduce-bcast's and tree-pipeline's broadcast
// continues after their reduction); the bytes each rank sends equal what its schedule sends; the
// α-β replay equals the registry's cost where the cost is exact and stays within it where it is a
// bound.
#define CATCH_CONFIG_MAIN
#include "collscope/algorithms/registry.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/reduce_scatter.hpp"
#include "collscope/schedule/two_tree.hpp"
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
using schedule::butterfly_core;
using schedule::butterfly_vrank;

namespace {

std::filesystem::path traces() {
  const char* dir = std::getenv("COLLSCOPE_REDUCTION_TRACES");
  REQUIRE(dir != nullptr);
  return dir;
}

std::vector<int> sizes() {
  return testing::sizes_from_env("COLLSCOPE_REDUCTION_SIZES");
}

constexpr double allreduce_count = 5040, block_count = 60, int_bytes = 4; // the recorded runs
constexpr int tree_pipeline_blocks = 5;

/// Bytes each rank sent.
std::vector<double> sent(const model::Trace& trace, int p) {
  std::vector<double> bytes(static_cast<std::size_t>(p), 0);
  for (const model::Message& m : trace.messages) bytes.at(m.sender) += static_cast<double>(m.bytes);
  return bytes;
}

/// Blocks of the p-block vector that `rank` sends in the halving steps (not the fold).
double halving_blocks_sent(int rank, int p, schedule::HalvingOrder order) {
  const int q = butterfly_core(p), v = butterfly_vrank(rank, p);
  double blocks = 0;
  for (const auto& step : schedule::halving_steps(v, q, order))
    for (int s = step.send_first; s < step.send_last; ++s) {
      const int g = schedule::halving_group(s, q, order);
      blocks +=
          schedule::halving_group_first_block(g + 1, p) - schedule::halving_group_first_block(g, p);
    }
  return blocks;
}

/// Expected bytes sent by `rank`; m = bytes of the whole vector.
double expected_sent(Collective c, const std::string& name, int rank, int p, double m) {
  const int q = butterfly_core(p), v = butterfly_vrank(rank, p);
  const bool even_folded = v < 0, odd_folded = q != p && rank < 2 * (p - q) && v >= 0;
  if (c == Collective::allreduce) {
    if (name == "ring") return 2.0 * (p - 1) * m / p;
    if (name == "circulant") return schedule::ceil_log2(p) * m;
    if (name == "butterfly") return even_folded ? m : schedule::floor_log2(q) * m + odd_folded * m;
    if (name == "rabenseifner") return even_folded ? m : 2.0 * (q - 1) / q * m + odd_folded * m;
  } else {
    const double block = m / p;
    if (name == "ring") return (p - 1) * block;
    const auto order = name == "halving" ? schedule::HalvingOrder::largest_first
                                         : schedule::HalvingOrder::smallest_first;
    if (even_folded) return m;
    return halving_blocks_sent(rank, p, order) * block + odd_folded * block;
  }
  return -1;
}

/// The replay equals the registry's cost for these; it is at most the cost for the others.
bool exact_cost(Collective c, const std::string& name, int p) {
  const bool power_of_two = butterfly_core(p) == p;
  if (name == "tree-pipeline") return false;
  if (name == "rabenseifner" || (c != Collective::allreduce && name != "ring")) return power_of_two;
  return true;
}

} // namespace

TEST_CASE("traced rounds, bytes per rank and α-β replays match the registry", "[reductions]") {
  const model::AlphaBeta ab{default_alpha_s, default_beta_s_per_byte};
  const struct {
    Collective collective;
    const char* prefix;
    std::vector<std::string> names;
  } families[] = {
      {Collective::allreduce,
       "allreduce_",
       {"reduce-bcast", "butterfly", "ring", "circulant", "rabenseifner", "tree-pipeline"}},
      {Collective::reduce_scatter_block,
       "reduce_scatter_block_",
       {"ring", "halving", "ordered-halving"}}};
  for (const int p : sizes())
    for (const auto& family : families)
      for (const std::string& name : family.names) {
        INFO(family.prefix << name << " p = " << p);
        const Algorithm* a = find_algorithm(family.collective, name);
        REQUIRE(a);
        const model::Trace trace =
            testing::load_recorded(traces(), family.prefix + name + "_p" + std::to_string(p));
        const double m = int_bytes * (family.collective == Collective::allreduce ? allreduce_count
                                                                                 : block_count * p);

        // Rounds: the registry's count, numbered 0 … rounds − 1, each used by some message.
        const model::AnnotatedRounds rounds = model::annotated_rounds(trace);
        const bool pipelined = name == "tree-pipeline";
        const int blocks = pipelined ? tree_pipeline_blocks : 1;
        const int expected_rounds =
            pipelined ? 2 * schedule::two_tree_rounds(p, blocks) : a->rounds.of(p, blocks);
        CHECK(rounds.rounds == expected_rounds);
        CHECK(expected_rounds <= a->rounds.of(p, blocks));
        std::set<int> used(rounds.message_round.begin(), rounds.message_round.end());
        std::set<int> all;
        for (int k = 0; k < expected_rounds; ++k) all.insert(k);
        CHECK(used == all);

        // Bytes per rank.
        const std::vector<double> bytes = sent(trace, p);
        if (name == "reduce-bcast" || pipelined) { // m up from and m down to each non-root
          double total = 0;
          for (double b : bytes) total += b;
          CHECK(total == 2.0 * (p - 1) * m);
        } else {
          for (int rank = 0; rank < p; ++rank) {
            INFO("rank " << rank);
            CHECK(bytes[rank] == expected_sent(family.collective, name, rank, p, m));
          }
        }

        // α-β replay against the printed cost.
        const model::Replay replay = model::replay_alpha_beta(trace, ab);
        CHECK(replay.complete);
        const double cost = a->cost.of(p, m, ab.alpha, ab.beta, blocks);
        if (pipelined) // two phases of rounds·(α + βm/M) at most
          CHECK(replay.total <= expected_rounds * (ab.alpha + ab.beta * m / blocks) * (1 + 1e-9));
        if (exact_cost(family.collective, name, p))
          CHECK(replay.total == Approx(cost).epsilon(1e-9));
        else
          CHECK(replay.total <= cost * (1 + 1e-9));
        if (name == "rabenseifner" && p > 1) { // non-powers: fold, core, unfold exactly
          const int q = butterfly_core(p);
          const double core =
              2 * schedule::floor_log2(q) * ab.alpha + 2.0 * (q - 1) / q * ab.beta * m;
          CHECK(replay.total == Approx(core + (q == p ? 0 : 2 * (ab.alpha + ab.beta * m))));
        }
      }
}
