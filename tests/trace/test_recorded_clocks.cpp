// Clock correction on real runs (make_traces.sh): a binomial broadcast recorded with the
// clocks of ranks 1 … p-1 skewed by ±5 ms and ±100 ppm (COLLSCOPE_TRACE_CLOCK_SKEW), against
// the same run unskewed. After the offsets and the controlled logical clock no message is
// received before it is sent, and what the analyses infer from the messages is the same.
#include "collscope/model/clock_correction.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "recorded_trace.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

using namespace collscope::model;

namespace {

Trace load_clock_trace(const std::string& name) {
  const char* dir = std::getenv("COLLSCOPE_TEST_TRACES");
  REQUIRE(dir != nullptr);
  return collscope::testing::load_recorded(dir, name);
}

// Each message as (sender, receiver, bytes, inferred round), in a canonical order: the
// message order itself follows the send times, which the skew changes.
std::vector<std::tuple<int, int, std::uint64_t, int>> rounds_of(const Trace& t) {
  const InferredRounds r = inferred_rounds(t);
  REQUIRE(r.consistent);
  std::vector<std::tuple<int, int, std::uint64_t, int>> out;
  for (std::size_t i = 0; i < t.messages.size(); ++i)
    out.emplace_back(t.messages[i].sender, t.messages[i].receiver, t.messages[i].bytes,
                     r.message_round[i]);
  std::sort(out.begin(), out.end());
  return out;
}

// The two offsets a rank measured (MPI_Init, MPI_Finalize) against the skew it was given:
// odd ranks 5 ms ahead and gaining 100 ppm (offset to add: -(5 ms + drift)), even ranks
// behind and losing (+(5 ms + drift)), drift counted from MPI_Init. How long the run took is
// timing, so the bounds take it from the trace (the offsets' own times) and allow each
// offset its own recorded error (half the least round trip), never a fixed duration:
// - at MPI_Init the offset is 5 ms and the drift of the measurement's time inside MPI_Init
//   (at most 10 s of it: 1 ms; that long inside MPI_Init would be a hang);
// - from MPI_Init to MPI_Finalize it grew by 100 ppm of the time between the two, however
//   long that was.
void check_offsets_are_the_skew(const Rank& rank) {
  CAPTURE(rank.id);
  const std::vector<ClockOffset>& o = rank.clock_offsets; // sorted by time by the loader
  REQUIRE(o.size() == 2);
  if (rank.id == 0) { // the reference
    CHECK(o[0].offset == 0.0);
    CHECK(o[1].offset == 0.0);
    return;
  }
  const double sign = rank.id % 2 == 1 ? -1.0 : 1.0;
  const double ppm = 100e-6, skew = 0.005;
  const double at_init = sign * o[0].offset, at_end = sign * o[1].offset;
  const double elapsed = o[1].time - o[0].time;
  CAPTURE(at_init, at_end, elapsed, o[0].error, o[1].error);
  CHECK(o[0].error > 0.0);
  CHECK(o[1].error > 0.0);
  CHECK(at_init >= skew - o[0].error);
  CHECK(at_init <= skew + ppm * 10.0 + o[0].error);
  // The times are the skewed clock's (100 ppm off: 1e-4 of the drift) and whole ns.
  const double margin = o[0].error + o[1].error + ppm * ppm * elapsed + 4e-9;
  CHECK(elapsed > 0.0);
  CHECK(std::abs((at_end - at_init) - ppm * elapsed) <= margin);
}

} // namespace

TEST_CASE("skewed clocks: offsets and the logical clock leave no backward message, and the "
          "rounds and the α-β replay are the unskewed run's",
          "[recorded]") {
  for (const int p : {4, 8}) {
    CAPTURE(p);
    const Trace skewed = load_clock_trace("clock_skewed_p" + std::to_string(p));
    const Trace plain = load_clock_trace("clock_plain_p" + std::to_string(p));
    const ClockReport& c = skewed.clocks;

    CHECK(c.ranks_with_offsets == p);
    CHECK(c.max_offset > 0.004); // the 5 ms, measured
    for (const Rank& rank : skewed.ranks) check_offsets_are_the_skew(rank);
    CHECK(c.lmin_measured);
    CHECK(c.backward_raw > 0); // the skew shows: receives before their sends
    CHECK(c.backward == 0);
    CHECK_FALSE(c.unresolved);
    // The model's own check: every matched message between ranks ends lmin after it began.
    for (const Message& m : skewed.messages)
      if (m.sender != m.receiver) CHECK(m.recv_time >= m.send_time + c.lmin);
    CHECK(backward_messages(skewed) == 0);

    REQUIRE(skewed.messages.size() == plain.messages.size());
    CHECK(inferred_rounds(skewed).rounds == inferred_rounds(plain).rounds);
    CHECK(rounds_of(skewed) == rounds_of(plain));
    const AlphaBeta model{1e-6, 2e-10};
    CHECK(replay_alpha_beta(skewed, model).total ==
          Catch::Detail::Approx(replay_alpha_beta(plain, model).total).epsilon(1e-9));
    // Ranks' own clocks: the correction keeps each rank's order.
    for (const Rank& rank : skewed.ranks)
      for (std::size_t i = 1; i < rank.operations.size(); ++i)
        CHECK(rank.operations[i - 1].time <= rank.operations[i].time);
  }
}
