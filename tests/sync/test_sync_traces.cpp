// Traces of the barriers and nonblocking collectives (make_sync_traces.sh): at process counts
// that are and are not powers of two, the rounds the model infers from the messages equal the
// registry's round count and the messages are exactly the schedule's; and in the overlap demo
// (ibcast_overlap.cpp, recorded as any program) the broadcast's messages complete between the
// ranks' compute regions, not in the final MPI_Wait.
#define CATCH_CONFIG_MAIN
#include "collscope/cost_defaults.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/volume.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/sync.hpp"
#include "env_sizes.hpp"
#include "recorded_trace.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

using namespace collscope;

namespace {

std::filesystem::path traces() {
  const char* dir = std::getenv("COLLSCOPE_SYNC_TRACES");
  REQUIRE(dir != nullptr);
  return dir;
}

std::vector<int> sizes() {
  return testing::sizes_from_env("COLLSCOPE_SYNC_SIZES");
}

struct Expected {
  int rounds;
  std::function<std::vector<schedule::SyncStep>(int rank, int p)> steps;
  std::uint64_t bytes; ///< of each message
};

} // namespace

TEST_CASE("traced rounds and messages equal the schedules' and the registry's", "[sync]") {
  for (const int p : sizes()) {
    const std::pair<std::string, Expected> runs[] = {
        {"barrier_dissemination",
         {schedule::dissemination_rounds(p), schedule::dissemination_steps, 0}},
        {"barrier_tree", {schedule::tree_barrier_rounds(p), schedule::tree_barrier_steps, 0}},
        {"barrier_butterfly", {schedule::butterfly_rounds(p), schedule::butterfly_steps, 0}},
        {"ibcast_binomial",
         {schedule::ceil_log2(p),
          [](int r, int n) { return schedule::binomial_bcast_steps(r, n - 1, n); }, 400}},
        {"iallreduce_butterfly", {schedule::butterfly_rounds(p), schedule::butterfly_steps, 400}},
        {"ibarrier_dissemination",
         {schedule::dissemination_rounds(p), schedule::dissemination_steps, 0}}};
    for (const auto& [name, e] : runs) {
      INFO(name << ", p = " << p);
      const model::Trace trace = testing::load_recorded(traces(), name + "_p" + std::to_string(p));
      std::size_t messages = 0;
      std::vector<std::uint64_t> sent(static_cast<std::size_t>(p), 0);
      for (int r = 0; r < p; ++r)
        for (const schedule::SyncStep& s : e.steps(r, p))
          if (s.send_to >= 0) {
            ++messages;
            sent[r] += e.bytes;
          }
      CHECK(trace.messages.size() == messages);
      CHECK(trace.unmatched_sends.empty());
      CHECK(trace.unmatched_receives.empty());
      CHECK(model::volume(trace).sent == sent);
      CHECK(model::inferred_rounds(trace).rounds == e.rounds);
      // Every round moves one message per rank at most, of `bytes`: rounds·(α + β·bytes),
      // the registry's cost (a barrier's m = 0).
      const model::AlphaBeta ab{default_alpha_s, default_beta_s_per_byte};
      const model::Replay replay = model::replay_alpha_beta(trace, ab);
      CHECK(replay.complete);
      CHECK(replay.total == Approx(e.rounds * (ab.alpha + ab.beta * static_cast<double>(e.bytes))));
    }
  }
}

TEST_CASE("the overlap demo's broadcast messages complete between compute regions", "[sync]") {
  const model::Trace trace = model::load_trace(traces() / "overlap");
  REQUIRE(trace.ranks.size() == 5);
  // The schedule's messages (nbc_schedule.hpp's tags), not those inside the demo's closing
  // native MPI_Allreduce, which the recorder sees too.
  std::vector<model::Message> ibcast;
  for (const model::Message& m : trace.messages)
    if (m.tag >= 7200 && m.tag < 8200) ibcast.push_back(m);
  REQUIRE(ibcast.size() == 4); // the binomial tree's p − 1
  int between = 0;
  for (const model::Message& m : ibcast) {
    std::vector<const model::Region*> compute;
    for (const model::Region& r : trace.ranks[m.receiver].regions)
      if (r.name == "compute") compute.push_back(&r);
    REQUIRE(compute.size() == 20);
    // After one compute slice ended and before the next began: inside an MPI_Test.
    for (std::size_t i = 0; i + 1 < compute.size(); ++i)
      between += m.recv_time >= compute[i]->end && m.recv_time <= compute[i + 1]->begin;
  }
  INFO(between << " of " << ibcast.size() << " messages completed between slices");
  CHECK(between * 2 > static_cast<int>(ibcast.size()));
}
