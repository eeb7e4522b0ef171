// Clock correction: OTF2's offset interpolation and its inverse, and the controlled logical
// clock on hand-made traces (no OTF2, no MPI); then the loader on an archive with offsets.
#include "collscope/model/clock_correction.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/matching.hpp"
#include "trace_builder.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace collscope;
using Catch::Detail::Approx;
using model::OpKind;

namespace {

// Blocking calls as the recorder writes them: Enter, the message at the send's start or the
// receive's end, Leave.
struct Hand {
  model::Trace t;
  explicit Hand(int p) {
    t.ranks.resize(static_cast<std::size_t>(p));
    for (int r = 0; r < p; ++r) t.ranks[static_cast<std::size_t>(r)].id = r;
  }
  int op(int rank, OpKind kind, double time, int peer = model::no_index) {
    auto& ops = t.ranks[static_cast<std::size_t>(rank)].operations;
    model::Operation& o = ops.emplace_back();
    o.kind = kind;
    o.time = time;
    o.peer = peer;
    return static_cast<int>(ops.size()) - 1;
  }
  Hand& send(int r, double t0, double t1, int to) {
    const int e = op(r, OpKind::enter, t0);
    t.ranks[static_cast<std::size_t>(r)].operations[static_cast<std::size_t>(op(r, OpKind::send, t0, to))].call = e;
    op(r, OpKind::leave, t1);
    return *this;
  }
  Hand& recv(int r, double t0, double t1, int from) {
    const int e = op(r, OpKind::enter, t0);
    t.ranks[static_cast<std::size_t>(r)].operations[static_cast<std::size_t>(op(r, OpKind::recv, t1, from))].call = e;
    op(r, OpKind::leave, t1);
    return *this;
  }
  model::Trace done() {
    model::match_messages(t);
    for (const model::Rank& rank : t.ranks)
      for (const model::Operation& o : rank.operations) t.duration = std::max(t.duration, o.time);
    return t;
  }
};

const model::Message& between(const model::Trace& t, int from, int to) {
  const auto it = std::find_if(t.messages.begin(), t.messages.end(), [&](const model::Message& m) {
    return m.sender == from && m.receiver == to;
  });
  REQUIRE(it != t.messages.end());
  return *it;
}

void check_order_kept(const model::Trace& t) {
  for (const model::Rank& rank : t.ranks)
    for (std::size_t i = 1; i < rank.operations.size(); ++i)
      CHECK(rank.operations[i - 1].time <= rank.operations[i].time);
}

void check_causal(const model::Trace& t, double lmin) {
  for (const model::Message& m : t.messages)
    if (m.sender != m.receiver) CHECK(m.recv_time >= m.send_time + lmin);
}

} // namespace

TEST_CASE("clocks: a receive before its send moves forward, with the rest of its rank") {
  // Rank 1's clock runs 0.5 s behind: its receive "ends" at 0.6, before rank 0 sent at 1.0.
  model::Trace t = Hand(2)
                       .send(0, 1.0, 1.1, 1)
                       .recv(0, 2.0, 2.5, 1)
                       .recv(1, 0.5, 0.6, 0)
                       .send(1, 0.8, 0.9, 0)
                       .done();
  REQUIRE(model::backward_messages(t) == 1);
  const model::Trace before = t;
  const double lmin = 0.01;
  const model::ClockReport report = model::correct_clocks(t, lmin);

  CHECK(model::backward_messages(t) == 0);
  CHECK_FALSE(report.unresolved);
  CHECK(report.receives_moved == 1);
  CHECK(between(t, 0, 1).recv_time == Approx(1.0 + lmin));
  check_causal(t, lmin);
  check_order_kept(t);
  // Rank 0 had nothing to correct; rank 1's events from the receive on moved together, so
  // the intervals after the jump are as recorded.
  for (std::size_t i = 0; i < t.ranks[0].operations.size(); ++i)
    CHECK(t.ranks[0].operations[i].time == before.ranks[0].operations[i].time);
  const auto& ops = t.ranks[1].operations;
  const auto& old = before.ranks[1].operations;
  for (std::size_t i = 2; i < ops.size(); ++i)
    CHECK(ops[i].time - ops[1].time == Approx(old[i].time - old[1].time));
  CHECK(ops[0].time == old[0].time); // the receive's Enter began the rank: nothing to spread over
  CHECK(report.events_moved == 5);
  CHECK(report.max_shift == Approx(0.41));
  CHECK(report.total_shift == Approx(5 * 0.41));
}

TEST_CASE("clocks: a jump is spread over the events before it, as far as their sends allow") {
  const double lmin = 0.01;
  const auto build = [](bool with_send) {
    Hand h(3);
    h.send(0, 1.0, 1.1, 1);
    h.op(1, OpKind::enter, 0.0);
    h.op(1, OpKind::leave, 0.05);
    if (with_send) {
      h.send(1, 0.3, 0.3, 2);
      h.recv(2, 0.2, 0.35, 1);
    }
    h.recv(1, 0.5, 0.6, 0);
    return h.done();
  };
  SECTION("free: the receive's Enter moves in proportion to its time") {
    model::Trace t = build(false);
    model::correct_clocks(t, lmin);
    const auto& ops = t.ranks[1].operations;
    CHECK(ops[0].time == 0.0);                             // the window's start stays
    CHECK(ops[1].time == Approx(0.05 + 0.41 * 0.05 / 0.6)); // then a ramp up to the jump
    CHECK(ops[2].time == Approx(0.5 + 0.41 * 0.5 / 0.6));
    CHECK(ops[3].time == Approx(1.01));
    check_order_kept(t);
    check_causal(t, lmin);
  }
  SECTION("limited: a send in the window keeps lmin before its receive") {
    model::Trace t = build(true);
    model::correct_clocks(t, lmin);
    // The send at 0.3 may move 0.04 - 1 ns at most (its receive ends at 0.35): a ramp of
    // 0.08 over (0, 0.6) instead of 0.41; the rest stays a jump at the receive.
    const model::Message& m = between(t, 1, 2);
    CHECK(m.send_time == Approx(0.34).margin(1e-8));
    CHECK(m.recv_time >= m.send_time + lmin);
    const auto& ops = t.ranks[1].operations;
    CHECK(ops[5].time == Approx(0.5 + 0.08 * 0.5 / 0.6).margin(1e-7)); // the receive's Enter
    CHECK(between(t, 0, 1).recv_time == Approx(1.01));
    check_order_kept(t);
    check_causal(t, lmin);
  }
}

TEST_CASE("clocks: nothing to correct, nothing moves") {
  model::Trace t = Hand(2)
                       .send(0, 1.0, 1.1, 1)
                       .recv(1, 0.9, 1.2, 0)
                       .send(1, 1.3, 1.4, 0)
                       .recv(0, 1.2, 1.5, 1)
                       .done();
  const model::Trace before = t;
  const model::ClockReport report = model::correct_clocks(t, 0.05);
  CHECK(report.receives_moved == 0);
  CHECK(report.events_moved == 0);
  CHECK(report.max_shift == 0.0);
  for (std::size_t r = 0; r < t.ranks.size(); ++r)
    for (std::size_t i = 0; i < t.ranks[r].operations.size(); ++i)
      CHECK(t.ranks[r].operations[i].time == before.ranks[r].operations[i].time);
}

TEST_CASE("clocks: a chain of corrections propagates to the ranks it reaches") {
  // 0 -> 1 -> 2, rank 1 behind by 0.5 s: moving its receive moves its send, which then
  // arrives after rank 2's receive ended: that one moves too.
  model::Trace t = Hand(3)
                       .send(0, 1.0, 1.0, 1)
                       .recv(1, 0.4, 0.55, 0)
                       .send(1, 0.6, 0.6, 2)
                       .recv(2, 0.9, 1.02, 1)
                       .done();
  const model::ClockReport report = model::correct_clocks(t, 0.001);
  CHECK(report.receives_moved == 2);
  CHECK(model::backward_messages(t) == 0);
  check_causal(t, 0.001);
  check_order_kept(t);
}

TEST_CASE("clocks: offsets interpolate as OTF2's reader does, and invert") {
  const std::vector<model::ClockOffset> o = {{1.0, 0.005, 1e-6}, {11.0, 0.006, 1e-6}};
  CHECK(model::corrected_time(o, 6.0) == Approx(6.0055));
  CHECK(model::corrected_time(o, 0.0) == Approx(0.0049));  // before: the first line
  CHECK(model::corrected_time(o, 21.0) == Approx(21.007)); // after: the last line
  for (const double x : {-3.0, 0.0, 1.0, 4.5, 11.0, 30.0})
    CHECK(model::uncorrected_time(o, model::corrected_time(o, x)) == Approx(x).margin(1e-12));
  CHECK(model::corrected_time({{1.0, 0.5, 0.0}}, 3.0) == 3.0); // OTF2 applies no lone one
}

TEST_CASE("clocks: loading applies the offsets, then the logical clock, and says so") {
  // Rank 1's clock is 0.5 s behind; its offsets say 0.25 (a poor measurement): after them its
  // receive still ends 0.05 s before the send, and the logical clock moves it.
  test::TraceBuilder b(2);
  b.send(0, 1.0, 1.1, 1, 8).recv(0, 1.2, 1.4, 1, 8);
  b.recv(1, 0.6, 0.7, 0, 8).send(1, 0.8, 0.8, 0, 8);
  b.clock_offset(0, 0.0, 0.0, 0.0).clock_offset(0, 1.4, 0.0, 0.0);
  b.clock_offset(1, 0.0, 0.25, 2e-6).clock_offset(1, 1.0, 0.25, 3e-6);
  const test::TempDir dir;
  const model::Trace t = model::load_trace(b.write(dir / "offsets"));
  const model::ClockReport& c = t.clocks;
  CHECK(c.ranks_with_offsets == 2);
  CHECK(c.max_offset == Approx(0.25));
  CHECK(c.lmin_measured);
  CHECK(c.lmin == Approx(2e-6));
  CHECK(c.backward_raw == 1);
  CHECK(c.backward_offsets == 1);
  CHECK(c.backward == 0);
  CHECK(c.receives_moved == 1);
  CHECK(between(t, 0, 1).recv_time >= 1.0 + 2e-6);
  CHECK(between(t, 1, 0).send_time == Approx(0.8 + 0.25 + 0.05 + 2e-6).margin(1e-8));
  check_causal(t, c.lmin);
  check_order_kept(t);
}

TEST_CASE("clocks: a trace without offsets restores the order only (lmin 0)") {
  test::TraceBuilder b(2);
  b.send(0, 1.0, 1.1, 1, 8);
  b.recv(1, 0.6, 0.7, 0, 8);
  const test::TempDir dir;
  const model::Trace t = model::load_trace(b.write(dir / "plain"));
  CHECK(t.clocks.ranks_with_offsets == 0);
  CHECK_FALSE(t.clocks.lmin_measured);
  CHECK(t.clocks.lmin == 0.0);
  CHECK(t.clocks.backward_raw == 1);
  CHECK(t.clocks.backward == 0);
  CHECK(between(t, 0, 1).recv_time == Approx(1.0));
}
