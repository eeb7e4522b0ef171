// "Round k complete at t" (round_progress.hpp): the definition every view and export shares.
#include "algorithm_traces.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/round_progress.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace collscope;

TEST_CASE("a round is complete when every message of it and of the rounds before is delivered") {
  // Round 0: two messages, the second late (delivered at 9); round 1: delivered at 4 and 5.
  const std::vector<int> round{0, 0, 1, 1, -1};
  const std::vector<double> start{0, 1, 2, 3, 0};
  const std::vector<double> delivered{2, 9, 4, 5, 100};
  const model::RoundTimes times = model::round_times(round, start, delivered, 2);
  REQUIRE(times.count() == 2);
  CHECK(times.complete == std::vector<double>{9, 9}); // the late round-0 message holds round 1
  CHECK(times.start == std::vector<double>{0, 2});
  CHECK(times.complete_at(-1) == 0);
  CHECK(times.complete_at(5) == 0);
  CHECK(times.complete_at(8.999) == 0);
  CHECK(times.complete_at(9) == 2); // delivered "at or before t"
  CHECK(times.latest_started_at(-1) == -1);
  CHECK(times.latest_started_at(0) == 0);
  CHECK(times.latest_started_at(2) == 1);
}

TEST_CASE("a round without messages is complete with the round before it") {
  const std::vector<int> round{0, 2};
  const std::vector<double> start{0, 5};
  const std::vector<double> delivered{1, 6};
  const model::RoundTimes times = model::round_times(round, start, delivered, 3);
  CHECK(times.complete == std::vector<double>{1, 1, 6});
  CHECK(std::isinf(times.start[1]));
  CHECK(times.complete_at(1) == 2);
  CHECK(times.latest_started_at(3) == 0);
}

TEST_CASE("binomial gather p = 8: round k completes when the root's k-th receive does") {
  const test::TempDir dir;
  const model::Trace t = model::load_trace(test::binomial_gather(8, 4).write(dir / "trace"));
  const model::InferredRounds inferred = model::inferred_rounds(t);
  std::vector<double> start, delivered;
  for (const model::Message& m : t.messages) {
    start.push_back(m.send_time);
    delivered.push_back(m.recv_time);
  }
  const model::RoundTimes times =
      model::round_times(inferred.message_round, start, delivered, inferred.rounds);
  REQUIRE(times.count() == 3);
  for (int k = 0; k < 3; ++k) {
    CAPTURE(k);
    double latest = 0;
    for (std::size_t m = 0; m < t.messages.size(); ++m)
      if (inferred.message_round[m] <= k) latest = std::max(latest, t.messages[m].recv_time);
    CHECK(times.complete[static_cast<std::size_t>(k)] == latest);
    CHECK(times.complete_at(latest) == k + 1);
    CHECK(times.complete_at(std::nextafter(latest, 0.0)) <= k);
  }
}
