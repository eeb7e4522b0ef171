// The analyses on traces recorded from real runs (make_traces.sh): the worked examples of the
// lecture, round counts of the circulant and pipelined schedules, the α-β replay of the
// binomial gather, and a foreign program recorded through collscope-trace record.
#define CATCH_CONFIG_MAIN
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/nodes.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/volume.hpp"
#include "recorded_trace.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace collscope::model;

namespace {

std::filesystem::path traces() {
  const char* dir = std::getenv("COLLSCOPE_TEST_TRACES");
  REQUIRE(dir != nullptr);
  return dir;
}

Trace load(const std::string& name) {
  return collscope::testing::load_recorded(traces(), name);
}

int ceil_log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

} // namespace

TEST_CASE("binomial gather, p = 7, root 0, one int per rank", "[recorded][lecture]") {
  const Trace trace = load("gather_binomial_p7");
  CHECK(trace.ranks.size() == 7);
  CHECK(trace.messages.size() == 6);
  CHECK(inferred_rounds(trace).rounds == 3);
  CHECK(annotated_rounds(trace).rounds == 3);
  std::vector<std::uint64_t> to_root;
  std::vector<std::uint32_t> origins;
  for (const Message& m : trace.messages) {
    if (m.receiver != 0) continue;
    to_root.push_back(m.bytes);
    REQUIRE(m.blocks.has_value());
    origins.push_back(m.blocks->origin_count);
  }
  std::sort(to_root.begin(), to_root.end());
  std::sort(origins.begin(), origins.end());
  CHECK(to_root == std::vector<std::uint64_t>{4, 8, 12}); // 1, 2 and 3 blocks of one int
  CHECK(origins == std::vector<std::uint32_t>{1, 2, 3});
  CHECK(volume(trace).max_per_rank == 24); // (p − 1)/p·m through the root
  REQUIRE(trace.algorithms.size() == 1);
  CHECK(trace.algorithms[0].name == "gather/binomial");
  CHECK(trace.algorithms[0].meta.at("root") == "0");
}

TEST_CASE("inferred and annotated rounds are both numbered from 0 and agree", "[recorded]") {
  for (const std::string name : {"gather_binomial_p7", "allgather_ring_p5",
                                 "allgather_dissemination_p7", "gather_binomial_m_p8"}) {
    INFO(name);
    const Trace trace = load(name);
    const InferredRounds inferred = inferred_rounds(trace);
    const AnnotatedRounds annotated = annotated_rounds(trace);
    REQUIRE(inferred.rounds == annotated.rounds);
    std::vector<int> seen(static_cast<std::size_t>(inferred.rounds), 0);
    for (std::size_t m = 0; m < trace.messages.size(); ++m) {
      CHECK(inferred.message_round[m] == annotated.message_round[m]);
      REQUIRE(inferred.message_round[m] >= 0);
      REQUIRE(inferred.message_round[m] < inferred.rounds);
      seen[static_cast<std::size_t>(inferred.message_round[m])] = 1;
    }
    CHECK(std::count(seen.begin(), seen.end(), 1) == inferred.rounds); // 0 … rounds − 1
  }
}

TEST_CASE("dissemination allgather takes ⌈log₂p⌉ rounds", "[recorded]") {
  for (int p = 5; p <= 13; ++p) {
    INFO("p = " << p);
    const Trace trace = load("allgather_dissemination_p" + std::to_string(p));
    CHECK(inferred_rounds(trace).rounds == ceil_log2(p));
    CHECK(annotated_rounds(trace).rounds == ceil_log2(p));
    CHECK(trace.messages.size() == static_cast<std::size_t>(p * ceil_log2(p)));
  }
}

TEST_CASE("ring allgather takes p − 1 rounds", "[recorded]") {
  for (int p : {3, 5, 8}) {
    INFO("p = " << p);
    const Trace trace = load("allgather_ring_p" + std::to_string(p));
    CHECK(inferred_rounds(trace).rounds == p - 1);
    CHECK(annotated_rounds(trace).rounds == p - 1);
  }
}

TEST_CASE("linear pipeline broadcast with M blocks takes p − 1 + M − 1 rounds", "[recorded]") {
  const int blocks = 3;
  for (int p : {4, 6}) {
    INFO("p = " << p);
    const Trace trace = load("bcast_pipeline_p" + std::to_string(p));
    CHECK(inferred_rounds(trace).rounds == p - 1 + blocks - 1);
    CHECK(annotated_rounds(trace).rounds == p - 1 + blocks - 1);
    CHECK(trace.messages.size() == static_cast<std::size_t>((p - 1) * blocks));
  }
}

TEST_CASE("α-β replay of a binomial gather is ⌈log₂p⌉α + (p − 1)/p·βm", "[recorded][replay]") {
  const double alpha = 1e-6, beta = 1e-9;
  for (int p : {2, 4, 8, 16}) {
    INFO("p = " << p);
    const Trace trace = load("gather_binomial_m_p" + std::to_string(p));
    const double m = p * 64.0 * 4.0; // 64 ints per rank
    const Replay replay = replay_alpha_beta(trace, {alpha, beta});
    CHECK(replay.complete);
    CHECK(replay.total == Approx(ceil_log2(p) * alpha + (p - 1) * beta * m / p));
  }
}

TEST_CASE("a foreign program traced by collscope-trace record", "[recorded]") {
  const Trace trace = load("plain_p4");
  std::ifstream expected_file(traces() / "plain_expected_messages");
  int expected = -1;
  expected_file >> expected;
  CHECK(expected == 7);
  // The program's own messages; those Open MPI sent inside its collectives are recorded too
  // (send operations marked native), where the tracer could.
  const auto own =
      std::count_if(trace.messages.begin(), trace.messages.end(), [&](const Message& m) {
        return !trace.ranks[m.sender].operations[m.send_op].native;
      });
  CHECK(own == expected);
  CHECK(trace.unmatched_sends.empty());
  CHECK(trace.unmatched_receives.empty());
  CHECK(trace.algorithms.empty()); // no annotations: rounds come from inference only
  CHECK(inferred_rounds(trace).rounds >= 2);
  // Native collectives name their reduction's op (the collscope::op attribute): the gather
  // none, the blocking allreduce MPI_MAX, the nonblocking one MPI_SUM, on every rank.
  for (const auto& rank : trace.ranks) {
    REQUIRE(rank.collectives.size() == 3);
    CHECK(rank.collectives[0].op == "GATHER");
    CHECK(rank.collectives[0].reduction.empty());
    CHECK(rank.collectives[1].reduction == "MPI_MAX");
    CHECK(rank.collectives[2].op == "ALLREDUCE");
    CHECK(rank.collectives[2].reduction == "MPI_SUM");
  }
}

TEST_CASE("a run across hosts has its node layout from the host names", "[recorded]") {
  const Trace trace = load("hosts_p4");
  for (const auto& rank : trace.ranks) CHECK(rank.host == (rank.id < 2 ? "n0" : "n1"));
  const collscope::model::NodeLayout layout = collscope::model::layout_of(trace);
  CHECK(layout.nodes == 2);
  CHECK(layout.node_of == std::vector<int>{0, 0, 1, 1});
  CHECK(layout.placement == "hosts");
  // A run on one host is one node.
  const Trace one = load("gather_binomial_p7");
  CHECK(collscope::model::layout_of(one).nodes == 1);
}
