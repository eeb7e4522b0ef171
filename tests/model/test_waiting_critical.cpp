// Receive waiting times and the critical path on hand-made traces with known numbers.
#include "collscope/model/critical_path.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/waiting.hpp"
#include "trace_builder.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

// rank 1 computes until 5 s, then sends to rank 0, which entered MPI_Recv at 1 s (a late
// sender: 4 s of waiting); rank 0 forwards to rank 2 at 7 s, where MPI_Recv was entered at 2 s
// (5 s of waiting); rank 3 sends to rank 2 at 1 s, received at 9 s, MPI_Recv entered at 8.5 s
// (no waiting: the message was there before).
model::Trace chain() {
  const TempDir dir;
  TraceBuilder b(4);
  b.send(1, 5.0, 5.2, 0, 100);
  b.recv(0, 1.0, 6.0, 1, 100);
  b.send(0, 7.0, 7.5, 2, 100);
  b.recv(2, 2.0, 8.0, 0, 100);
  b.send(3, 1.0, 1.1, 2, 10);
  b.recv(2, 8.5, 9.0, 3, 10);
  return model::load_trace(b.write(dir / "trace"));
}

} // namespace

TEST_CASE("receive waiting time is the time blocked before the matching send started") {
  const model::Trace t = chain();
  const model::WaitingTimes w = model::waiting_times(t);
  REQUIRE(w.receives.size() == 3);
  for (const model::ReceiveWait& r : w.receives) {
    const model::Message& m = t.messages[r.message];
    CHECK(r.receive == model::OpRef{m.receiver, m.recv_op});
    if (m.sender == 1) CHECK(r.wait == Approx(4.0));
    if (m.sender == 0) CHECK(r.wait == Approx(5.0));
    if (m.sender == 3) CHECK(r.wait == 0.0);
  }
  REQUIRE(w.per_rank.size() == 4);
  CHECK(w.per_rank[0] == Approx(4.0));
  CHECK(w.per_rank[1] == 0.0);
  CHECK(w.per_rank[2] == Approx(5.0));
  CHECK(w.per_rank[3] == 0.0);
  CHECK(w.total == Approx(9.0));
}

TEST_CASE("the critical path follows late senders and has the run's length") {
  const model::Trace t = chain();
  const model::CriticalPath path = model::critical_path(t);
  CHECK(path.length == Approx(9.0));
  // rank 1 until its send → rank 0 forwards → rank 2 receives from 0, then from 3.
  const std::vector<model::OpRef> expected = {{1, 0}, {1, 1}, {0, 1}, {0, 2}, {0, 3}, {0, 4},
                                              {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}};
  CHECK(path.operations == expected);
  REQUIRE(path.messages.size() == 2);
  CHECK(t.messages[path.messages[0]].sender == 1);
  CHECK(t.messages[path.messages[1]].sender == 0);
}

TEST_CASE("without waiting the critical path stays on the own timeline of the receiver") {
  const TempDir dir;
  TraceBuilder b(2);
  b.send(0, 1.0, 1.5, 1, 8);
  b.recv(1, 4.0, 4.25, 0, 8); // message waited for the receiver (late receiver)
  b.send(1, 6.0, 6.5, 0, 8);
  b.recv(0, 2.0, 7.0, 1, 8); // rank 0 waits 4 s for rank 1
  const model::Trace t = model::load_trace(b.write(dir / "trace"));
  const model::CriticalPath path = model::critical_path(t);
  CHECK(path.length == Approx(7.0));
  REQUIRE(path.messages.size() == 1);
  CHECK(t.messages[path.messages[0]].sender == 1);
  CHECK(path.operations.front() == model::OpRef{1, 0}); // starts on rank 1, not at rank 0's send
}
