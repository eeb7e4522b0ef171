// Traces of scan and exscan (make_scan_traces.sh): for every algorithm, at process counts that
// are and are not powers of two, the annotated rounds equal the registry's round count, every
// rank sends and receives exactly the bytes its schedule says, and the α-β replay of the run
// equals the closed-form cost (Hillis–Steele, pipeline) or stays within the printed one and
// above the ⌈log₂p⌉(α + βm) lower bound (the up/down sweep, whose replay lets the down phase
// start before the up phase ends).
#define CATCH_CONFIG_MAIN
#include "collscope/cost_defaults.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/volume.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/scan.hpp"
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
  const char* dir = std::getenv("COLLSCOPE_SCAN_TRACES");
  REQUIRE(dir != nullptr);
  return dir;
}

std::vector<int> sizes() {
  return testing::sizes_from_env("COLLSCOPE_SCAN_SIZES");
}

// What the recorded runs use (make_scan_traces.sh).
constexpr double m = 60 * 4; // 60 ints
constexpr int blocks = 5;    // 12 ints each

struct Expected {
  int rounds = 0;
  std::vector<std::uint64_t> sent, received;
  std::size_t messages = 0;
};

/// Rounds, and bytes per rank, of `step` (rank, round) over `rounds` rounds, `bytes` a message.
Expected from_schedule(int p, int rounds, double bytes,
                       const std::function<schedule::ScanStep(int, int)>& step) {
  Expected e{rounds, std::vector<std::uint64_t>(p, 0), std::vector<std::uint64_t>(p, 0), 0};
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < p; ++i) {
      const schedule::ScanStep s = step(i, r);
      if (s.to >= 0) {
        e.sent[i] += static_cast<std::uint64_t>(bytes);
        ++e.messages;
      }
      if (s.from >= 0) e.received[i] += static_cast<std::uint64_t>(bytes);
    }
  return e;
}

Expected expected(const std::string& algorithm, int p) {
  if (algorithm == "hillis-steele")
    return from_schedule(p, schedule::hillis_steele_rounds(p), m,
                         [p](int i, int k) { return schedule::hillis_steele_step(i, p, k); });
  if (algorithm == "binomial-updown")
    return from_schedule(p, schedule::updown_rounds(p), m,
                         [p](int i, int k) { return schedule::updown_step(i, p, k); });
  return from_schedule(p, schedule::pipeline_rounds(p, blocks), m / blocks, [p](int i, int k) {
    return schedule::pipeline_scan_step(i, p, blocks, k).step;
  });
}

} // namespace

TEST_CASE("traced rounds, messages and bytes per rank equal the schedules'", "[scan]") {
  for (const int p : sizes())
    for (const std::string collective : {"scan", "exscan"})
      for (const std::string algorithm : {"hillis-steele", "binomial-updown", "pipeline"}) {
        INFO(collective << " " << algorithm << ", p = " << p);
        const model::Trace trace = testing::load_recorded(traces(), collective + "_" + algorithm +
                                                                        "_p" + std::to_string(p));
        const Expected e = expected(algorithm, p);
        CHECK(model::annotated_rounds(trace).rounds == e.rounds);
        CHECK(trace.messages.size() == e.messages);
        const model::Volume v = model::volume(trace);
        CHECK(v.sent == e.sent);
        CHECK(v.received == e.received);
        if (algorithm == "hillis-steele") // rank 0 sends, rank p − 1 receives in every round
          CHECK(v.max_per_rank == static_cast<std::uint64_t>(schedule::ceil_log2(p) * m));
        if (algorithm == "binomial-updown") CHECK(e.messages <= 2u * (p - 1));
      }
}

TEST_CASE("α-β replay against the closed forms", "[scan][replay]") {
  const model::AlphaBeta ab{default_alpha_s, default_beta_s_per_byte};
  for (const int p : sizes())
    for (const std::string collective : {"scan", "exscan"}) {
      INFO(collective << ", p = " << p);
      const auto replay = [&](const std::string& algorithm) {
        const model::Replay r =
            model::replay_alpha_beta(testing::load_recorded(traces(), collective + "_" + algorithm +
                                                                          "_p" + std::to_string(p)),
                                     ab);
        CHECK(r.complete);
        return r.total;
      };
      const double hop = ab.alpha + ab.beta * m;
      CHECK(replay("hillis-steele") ==
            Approx(schedule::hillis_steele_cost(p, m, ab.alpha, ab.beta)));
      CHECK(replay("pipeline") ==
            Approx(schedule::pipeline_rounds(p, blocks) * (ab.alpha + ab.beta * m / blocks)));
      const double updown = replay("binomial-updown");
      CHECK(updown <= schedule::updown_cost(p, m, ab.alpha, ab.beta) * (1 + 1e-12));
      CHECK(updown >= schedule::ceil_log2(p) * hop * (1 - 1e-12));
    }
}
