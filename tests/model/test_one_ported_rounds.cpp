// The one-ported rule (inferred_rounds.hpp): rounds of code collscope did not write, from the
// order of events alone — the same for every timing of the same program order.
#include "algorithm_traces.hpp"
#include "collscope/model/calls.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/schedule/one_ported.hpp"
#include "collscope/schedule/patterns.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

model::Trace load(const TraceBuilder& b) {
  const TempDir dir;
  return model::load_trace(b.write(dir / "trace"));
}

// The trace's only point-to-point phase, as `calls` cuts it.
model::Trace phase_of(const model::Trace& t) {
  for (const model::Call& call : model::divide_calls(t))
    if (call.kind == model::CallKind::phase) return model::call_trace(t, call);
  FAIL("no phase");
  return {};
}

// A linear broadcast as a library writes it: the root posts p − 1 Isends, then one Waitall;
// the others Recv. `late` shifts every receive's time (another run's timing).
TraceBuilder linear_bcast(int p, double late) {
  TraceBuilder b(p);
  b.enter(0, 1e-6, "MPI_Isend");
  for (int r = 1; r < p; ++r)
    b.mpi_isend(0, 1e-6 + r * 1e-8, r, 8, 0, static_cast<std::uint64_t>(r));
  b.leave(0, 2e-6, "MPI_Isend");
  b.enter(0, 3e-6, "MPI_Waitall");
  for (int r = 1; r < p; ++r) b.mpi_isend_complete(0, 4e-6, static_cast<std::uint64_t>(r));
  b.leave(0, 4e-6, "MPI_Waitall");
  for (int r = 1; r < p; ++r) b.recv(r, 1e-6, 5e-6 + late * r, 0, 8);
  return b;
}

// A halo exchange on a ring: Sendrecv to the right (from the left), then to the left.
TraceBuilder halo(int p, double skew) {
  TraceBuilder b(p);
  for (int r = 0; r < p; ++r) {
    const double t = 1e-6 + skew * r;
    b.sendrecv(r, t, t + 2e-6, (r + 1) % p, 8, (r + p - 1) % p, 8);
    b.sendrecv(r, t + 3e-6, t + 5e-6, (r + p - 1) % p, 8, (r + 1) % p, 8, 1);
  }
  return b;
}

} // namespace

TEST_CASE("one-ported: a root's p − 1 Isends take p − 1 rounds, the step rule says 1") {
  for (int p : {2, 3, 5, 8, 12}) {
    CAPTURE(p);
    const model::Trace whole = load(linear_bcast(p, 0));
    CHECK(model::step_rounds(whole).rounds == 1);
    const model::Trace phase = phase_of(whole);
    REQUIRE(model::takes_one_ported_rule(phase));
    const model::InferredRounds r = model::inferred_rounds(phase);
    CHECK(r.consistent);
    CHECK(r.rounds == p - 1);
    // The root's sends go out in its program order, one a round.
    for (std::size_t m = 0; m < phase.messages.size(); ++m)
      CHECK(r.message_round[m] == phase.messages[m].receiver - 1);
  }
}

TEST_CASE("one-ported: the same program order gives the same rounds whatever the timing") {
  for (int p : {3, 7}) {
    const model::Trace a = phase_of(load(linear_bcast(p, 0)));
    const model::Trace b = phase_of(load(linear_bcast(p, 3e-6)));
    const model::InferredRounds ra = model::one_ported_rounds(a);
    const model::InferredRounds rb = model::one_ported_rounds(b);
    REQUIRE(a.messages.size() == b.messages.size());
    for (std::size_t m = 0; m < a.messages.size(); ++m) {
      // Messages are ordered by send time: find b's twin by its ends.
      for (std::size_t n = 0; n < b.messages.size(); ++n)
        if (b.messages[n].sender == a.messages[m].sender &&
            b.messages[n].receiver == a.messages[m].receiver)
          CHECK(rb.message_round[n] == ra.message_round[m]);
    }
  }
  const model::InferredRounds h1 = model::one_ported_rounds(load(halo(6, 0)));
  const model::InferredRounds h2 = model::one_ported_rounds(load(halo(6, 7e-6)));
  CHECK(h1.rounds == 2);
  CHECK(h2.rounds == 2);
}

TEST_CASE("one-ported: chains, trees and pipelines of the lecture keep their round counts") {
  for (int p = 2; p <= 16; ++p) {
    CAPTURE(p);
    int log = 0;
    while ((1 << log) < p) ++log;
    CHECK(model::one_ported_rounds(load(test::binomial_gather(p, 4, false))).rounds == log);
    CHECK(model::one_ported_rounds(load(test::ring_allgather(p, 4))).rounds == p - 1);
    for (int blocks : {1, 3})
      CHECK(model::one_ported_rounds(load(test::pipeline_bcast(p, blocks, 8))).rounds ==
            p - 1 + blocks - 1);
  }
}

TEST_CASE("one-ported: a receive completed after a send was posted does not hold that send") {
  // Rank 1 posts its send to 2 before its receive from 0 completes: both can share round 0.
  TraceBuilder b(3);
  b.send(0, 1e-6, 2e-6, 1, 8);
  b.enter(1, 1e-6, "MPI_Isend").mpi_isend(1, 1e-6, 2, 8, 0, 1).leave(1, 1e-6, "MPI_Isend");
  b.recv(1, 2e-6, 3e-6, 0, 8);
  b.enter(1, 4e-6, "MPI_Wait").mpi_isend_complete(1, 4e-6, 1).leave(1, 4e-6, "MPI_Wait");
  b.recv(2, 1e-6, 5e-6, 1, 8);
  const model::InferredRounds r = model::one_ported_rounds(load(b));
  CHECK(r.rounds == 1);
  // … and one completed before the posting does.
  TraceBuilder c(3);
  c.send(0, 1e-6, 2e-6, 1, 8);
  c.recv(1, 1e-6, 3e-6, 0, 8);
  c.send(1, 4e-6, 5e-6, 2, 8);
  c.recv(2, 1e-6, 6e-6, 1, 8);
  CHECK(model::one_ported_rounds(load(c)).rounds == 2);
}

TEST_CASE("one-ported: messages to oneself take no round") {
  TraceBuilder b(2);
  b.sendrecv(0, 1e-6, 2e-6, 0, 8, 0, 8);
  b.send(0, 3e-6, 4e-6, 1, 8);
  b.recv(1, 1e-6, 5e-6, 0, 8);
  const model::Trace t = load(b);
  const model::InferredRounds r = model::one_ported_rounds(t);
  CHECK(r.rounds == 1);
  CHECK(r.consistent);
  for (std::size_t m = 0; m < t.messages.size(); ++m)
    CHECK(r.message_round[m] ==
          (t.messages[m].sender == t.messages[m].receiver ? model::no_index : 0));
}

TEST_CASE("one-ported: patterns are numbered by the same rule as recorded calls") {
  const schedule::PatternAlgorithm* linear = schedule::find_pattern("barrier", "ompi-linear");
  const schedule::PatternAlgorithm* butterfly = schedule::find_pattern("allreduce", "butterfly");
  REQUIRE(linear != nullptr);
  REQUIRE(butterfly != nullptr);
  for (int p = 2; p <= 16; ++p) {
    CAPTURE(p);
    // Open MPI's linear barrier: the root takes p − 1 messages in, then sends p − 1 out.
    const schedule::Pattern barrier = linear->make({p, 0, 1});
    CHECK(barrier.one_ported_rounds == 2 * (p - 1));
    CHECK(barrier.one_ported.size() == barrier.messages.size());
    // The butterfly's exchanges are one-ported already: both numberings agree.
    const schedule::Pattern b = butterfly->make({p, 0, 1});
    if ((p & (p - 1)) == 0) CHECK(b.one_ported_rounds == b.rounds);
  }
}

TEST_CASE("one-ported: the schedule's placement on its own") {
  using schedule::PortEvent;
  // 0 → 1 and 2 → 1 both ready at once; 1 completes 2's first: 2's message takes round 0.
  const std::vector<std::vector<PortEvent>> events{
      {{0, true}}, {{1, false}, {0, false}}, {{1, true}}};
  const schedule::OnePorted r = schedule::one_ported_rounds(events, 2);
  CHECK(r.consistent);
  CHECK(r.rounds == 2);
  CHECK(r.round == std::vector<int>{1, 0});
  // A cycle (each waits for the other's message before sending its own): no rounds, inconsistent.
  const std::vector<std::vector<PortEvent>> cycle{{{1, false}, {0, true}}, {{0, false}, {1, true}}};
  const schedule::OnePorted c = schedule::one_ported_rounds(cycle, 2);
  CHECK_FALSE(c.consistent);
  CHECK(c.round == std::vector<int>{-1, -1});
  // A message with no receive is left out, and says so.
  const schedule::OnePorted lone = schedule::one_ported_rounds({{{0, true}}, {}}, 1);
  CHECK_FALSE(lone.consistent);
  CHECK(lone.rounds == 0);
}
