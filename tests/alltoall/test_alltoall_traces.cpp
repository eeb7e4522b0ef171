// Traces of every alltoall and alltoallv algorithm (make_alltoall_traces.sh) at the
// recorded process counts: the annotated rounds equal the registry's count, numbered 0, 1, …
// and each used; in each round a rank sends at most one message and receives at most one (the
// one-factor rounds are pairwise exchanges, with exactly one idle rank for odd p); linear and
// scatter-dest show one inferred round per MPI_Waitall; the bytes
// each rank sends equal its schedule's; and the α-β replay equals the printed cost where it
// is exact and never exceeds it where it is a bound (Bruck for p not a power of two, which
// moves ⌊p/2⌋ blocks per round at most, and alltoallv).
#define CATCH_CONFIG_MAIN
#include "collscope/algorithms/registry.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/posted_alltoall.hpp"
#include "env_sizes.hpp"
#include "recorded_trace.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace collscope;

namespace {

std::filesystem::path traces() {
  const char* dir = std::getenv("COLLSCOPE_ALLTOALL_TRACES");
  REQUIRE(dir != nullptr);
  return dir;
}

std::vector<int> sizes() {
  return testing::sizes_from_env("COLLSCOPE_ALLTOALL_SIZES");
}

constexpr double count = 60, int_bytes = 4, block = count * int_bytes; // the recorded runs

/// alltoallv's block from rank i to rank j in bytes (collscope-run's sizes).
double v_block(int i, int j) {
  return block * ((i + j + 1) % 3);
}

/// Bytes `rank` sends in the schedule of `name`.
double expected_sent(Collective c, const std::string& name, int rank, int p) {
  if (c == Collective::alltoallv) {
    double bytes = 0;
    for (int j = 0; j < p; ++j)
      if (j != rank) bytes += v_block(rank, j);
    return bytes;
  }
  if (name != "bruck" && name != "hypercube") return (p - 1) * block; // one block per peer
  double blocks = 0;
  for (int k = 0; k < schedule::ceil_log2(p); ++k) {
    const int bit = name == "bruck" ? k : schedule::hypercube_alltoall_bit(p, k);
    blocks += static_cast<double>(schedule::slots_with_bit(p, bit).size());
  }
  return blocks * block;
}

bool power_of_two(int p) {
  return (p & (p - 1)) == 0;
}

} // namespace

TEST_CASE("traced rounds, partners, bytes per rank and α-β replays match the registry",
          "[alltoall]") {
  const model::AlphaBeta ab{default_alpha_s, default_beta_s_per_byte};
  const struct {
    Collective collective;
    std::string name;
  } runs[] = {{Collective::alltoall, "direct"},  {Collective::alltoall, "one-factor"},
              {Collective::alltoall, "bruck"},   {Collective::alltoall, "hypercube"},
              {Collective::alltoallv, "direct"}, {Collective::alltoallv, "one-factor"},
              {Collective::alltoall, "linear"},  {Collective::alltoall, "scatter-dest-b2"}};
  int checked = 0;
  for (const int p : sizes())
    for (const auto& run : runs) {
      if (run.name == "hypercube" && !power_of_two(p)) continue;
      const std::string label =
          std::string(to_string(run.collective)) + "_" + run.name + "_p" + std::to_string(p);
      INFO(label);
      const std::string algorithm = run.name == "scatter-dest-b2" ? "scatter-dest" : run.name;
      const Algorithm* a = find_algorithm(run.collective, algorithm);
      REQUIRE(a);
      const model::Trace trace = testing::load_recorded(traces(), label);
      ++checked;

      // Rounds: the registry's count, numbered 0 … rounds − 1, each used by some message
      // (alltoallv: a round may carry only empty blocks, which are not sent).
      const model::AnnotatedRounds rounds = model::annotated_rounds(trace);
      std::set<int> used(rounds.message_round.begin(), rounds.message_round.end());
      if (run.collective == Collective::alltoall) {
        CHECK(rounds.rounds == a->rounds.of(p, 1));
        std::set<int> all;
        for (int k = 0; k < a->rounds.of(p, 1); ++k) all.insert(k);
        CHECK(used == all);
      } else {
        CHECK(rounds.rounds <= a->rounds.of(p, 1));
        for (int k : used) CHECK((k >= 0 && k < a->rounds.of(p, 1)));
      }

      // One partner per rank and round: at most one send and one receive; one-factor rounds
      // are mutual exchanges.
      std::map<int, std::map<int, int>> send_to, recv_from; // round → rank → peer
      for (std::size_t i = 0; i < trace.messages.size(); ++i) {
        const model::Message& m = trace.messages[i];
        const int k = rounds.message_round[i];
        CHECK(send_to[k].emplace(m.sender, m.receiver).second);
        CHECK(recv_from[k].emplace(m.receiver, m.sender).second);
      }
      if (run.name == "one-factor" && run.collective == Collective::alltoall)
        for (const auto& [k, peers] : send_to) {
          INFO("round " << k);
          for (const auto& [from, to] : peers) CHECK(send_to[k].at(to) == from);
          CHECK(static_cast<int>(peers.size()) == p - p % 2); // odd p: exactly one idle rank
        }

      // Bytes per rank.
      std::vector<double> bytes(static_cast<std::size_t>(p), 0);
      for (const model::Message& m : trace.messages)
        bytes.at(m.sender) += static_cast<double>(m.bytes);
      for (int rank = 0; rank < p; ++rank) {
        INFO("rank " << rank);
        CHECK(bytes[rank] == expected_sent(run.collective, run.name, rank, p));
      }

      // α-β replay against the printed cost (m: the data a rank sends; alltoallv: all blocks).
      double m = p * block;
      if (run.collective == Collective::alltoallv) {
        m = 0;
        for (int i = 0; i < p; ++i)
          for (int j = 0; j < p; ++j) m += v_block(i, j);
      }
      // Posted requests: the 1-ported order is annotated, the dependency depth a trace shows
      // is one step per MPI_Waitall (linear: 1; scatter-dest: ⌈(p − 1)/b⌉ batches).
      if (algorithm == "linear" || algorithm == "scatter-dest") {
        const int batch = run.name == "linear" ? p : 2;
        CHECK(model::inferred_rounds(trace).rounds == schedule::posted_batches(p, batch));
      }

      const model::Replay replay = model::replay_alpha_beta(trace, ab);
      CHECK(replay.complete);
      const double cost = a->cost.of(p, m, ab.alpha, ab.beta, 1);
      CHECK(replay.total <= cost * (1 + 1e-9));
      if (run.collective == Collective::alltoall && (run.name != "bruck" || power_of_two(p)))
        CHECK(replay.total == Approx(cost).epsilon(1e-9));
      if (run.name == "bruck") // the exact time of ⌊p/2⌋-or-fewer blocks per round
        CHECK(replay.total ==
              Approx(schedule::bruck_alltoall_time(p, m, ab.alpha, ab.beta)).epsilon(1e-9));
    }
  CHECK(checked >= 7 * static_cast<int>(sizes().size()));
}
