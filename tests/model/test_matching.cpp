// Matching with MPI's rules: per (communicator, sender, receiver, tag), in order.
#include "collscope/model/load_trace.hpp"
#include "trace_builder.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

const model::Operation& recv_op(const model::Trace& t, const model::Message& m) {
  return t.ranks[m.receiver].operations[m.recv_op];
}

} // namespace

TEST_CASE("same-tag messages match in FIFO order and another tag does not overtake") {
  const TempDir dir;
  TraceBuilder b(2);
  b.send(0, 1e-6, 2e-6, 1, 10, 7);
  b.send(0, 3e-6, 4e-6, 1, 99, 5);
  b.send(0, 5e-6, 6e-6, 1, 20, 7);
  b.send(0, 7e-6, 8e-6, 1, 30, 7);
  b.recv(1, 0.5e-6, 4.5e-6, 0, 99, 5); // tag 5 first, although sent second
  b.recv(1, 5e-6, 5.5e-6, 0, 10, 7);
  b.recv(1, 6e-6, 6.5e-6, 0, 20, 7);
  b.recv(1, 8e-6, 8.5e-6, 0, 30, 7);
  const model::Trace t = model::load_trace(b.write(dir / "trace"));
  REQUIRE(t.messages.size() == 4);
  for (const model::Message& m : t.messages) {
    CHECK(recv_op(t, m).bytes == m.bytes); // the status agrees with the matched send
    CHECK(recv_op(t, m).tag == m.tag);
  }
  CHECK(t.messages[0].bytes == 10);
  CHECK(t.messages[1].bytes == 99);
  CHECK(t.messages[1].recv_op == 1); // the first receive
  CHECK(t.messages[2].bytes == 20);
  CHECK(t.messages[3].bytes == 30);
}

TEST_CASE("nonblocking receives match in posting order whatever order they complete in") {
  const TempDir dir;
  TraceBuilder b(2);
  b.enter(0, 1e-6, "MPI_Isend").mpi_isend(0, 1e-6, 1, 10, 7, 100).leave(0, 1.1e-6, "MPI_Isend");
  b.enter(0, 2e-6, "MPI_Isend").mpi_isend(0, 2e-6, 1, 20, 7, 101).leave(0, 2.1e-6, "MPI_Isend");
  b.enter(0, 3e-6, "MPI_Waitall")
      .mpi_isend_complete(0, 4e-6, 100)
      .mpi_isend_complete(0, 4e-6, 101)
      .leave(0, 4e-6, "MPI_Waitall");
  b.enter(1, 0.1e-6, "MPI_Irecv").mpi_irecv_request(1, 0.1e-6, 1).leave(1, 0.2e-6, "MPI_Irecv");
  b.enter(1, 0.3e-6, "MPI_Irecv").mpi_irecv_request(1, 0.3e-6, 2).leave(1, 0.4e-6, "MPI_Irecv");
  b.enter(1, 1e-6, "MPI_Waitall")
      .mpi_irecv(1, 3e-6, 0, 20, 7, 2) // the second-posted receive is reported first
      .mpi_irecv(1, 3.5e-6, 0, 10, 7, 1)
      .leave(1, 3.5e-6, "MPI_Waitall");
  const model::Trace t = model::load_trace(b.write(dir / "trace"));
  REQUIRE(t.messages.size() == 2);
  for (const model::Message& m : t.messages) CHECK(recv_op(t, m).bytes == m.bytes);
  CHECK(recv_op(t, t.messages[0]).request == 1);
  CHECK(recv_op(t, t.messages[1]).request == 2);
  // Request pairing, and the receive call is the Waitall.
  const model::Operation& posted = t.ranks[1].operations[1];
  CHECK(posted.kind == model::OpKind::irecv_request);
  CHECK(t.ranks[1].operations[posted.partner].request == 1);
  CHECK(t.messages[0].recv_call_time == Approx(1e-6));
  const model::Operation& isend = t.ranks[0].operations[1];
  CHECK(t.ranks[0].operations[isend.partner].kind == model::OpKind::isend_complete);
}

TEST_CASE("a sub-communicator's peers are mapped to world ranks through its group") {
  const TempDir dir;
  TraceBuilder b(4);
  const std::uint32_t c = b.comm({3, 1}); // comm rank 0 = world 3, comm rank 1 = world 1
  b.send(3, 1e-6, 2e-6, 1, 40, 0, c);     // to comm rank 1
  b.recv(1, 1e-6, 3e-6, 0, 40, 0, c);     // from comm rank 0
  b.send(1, 4e-6, 5e-6, 3, 8, 0, 0);      // the same pair and tag on MPI_COMM_WORLD
  b.recv(3, 4e-6, 6e-6, 1, 8, 0, 0);
  b.send(1, 7e-6, 8e-6, 0, 16, 0, c); // back: world 1 → comm rank 0 = world 3
  b.recv(3, 7e-6, 9e-6, 1, 16, 0, c);
  const model::Trace t = model::load_trace(b.write(dir / "trace"));
  REQUIRE(t.comms.count(c) == 1);
  CHECK(t.comms.at(c).members == std::vector<int>{3, 1});
  CHECK(t.comms.at(0).members == std::vector<int>{0, 1, 2, 3});
  REQUIRE(t.messages.size() == 3);
  CHECK(t.messages[0].sender == 3);
  CHECK(t.messages[0].receiver == 1);
  CHECK(t.messages[0].comm == c);
  CHECK(t.messages[1].comm == 0);
  CHECK(t.messages[1].bytes == 8);
  CHECK(t.messages[2].sender == 1);
  CHECK(t.messages[2].receiver == 3);
  CHECK(t.messages[2].bytes == 16);
  CHECK(t.ranks[3].operations[1].peer == 1);
}

TEST_CASE("unmatched sends and receives are kept and counted") {
  const TempDir dir;
  TraceBuilder b(3);
  b.send(0, 1e-6, 2e-6, 1, 10, 1);
  b.send(0, 3e-6, 4e-6, 1, 10, 1); // never received
  b.recv(1, 1e-6, 2.5e-6, 0, 10, 1);
  b.recv(2, 1e-6, 5e-6, 0, 10, 1);     // never sent
  b.send(2, 6e-6, 7e-6, 9, 10, 1);     // peer outside the communicator
  b.send(1, 6e-6, 7e-6, 2, 10, 1, 77); // a communicator the archive does not define
  b.recv(2, 8e-6, 9e-6, 1, 10, 1, 77);
  const model::Trace t = model::load_trace(b.write(dir / "trace"));
  CHECK(t.messages.size() == 1);
  CHECK(t.unmatched_sends == std::vector<model::OpRef>{{0, 4}, {1, 4}, {2, 4}});
  CHECK(t.unmatched_receives == std::vector<model::OpRef>{{2, 1}, {2, 7}});
  CHECK(t.ranks[2].operations[4].peer == model::no_index);
  CHECK(t.ranks[2].operations[7].comm == 77);
}
