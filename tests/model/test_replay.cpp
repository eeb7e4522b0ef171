// Replays under the α-β model (1-ported, bidirectional) and under LogGP.
#include "algorithm_traces.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

model::Trace load(const TraceBuilder& b) {
  const TempDir dir;
  return model::load_trace(b.write(dir / "trace"));
}

constexpr model::AlphaBeta ab{2e-6, 1e-9};

} // namespace

TEST_CASE("alpha-beta replay of a binomial gather: ceil(log2 p) alpha + (p - 1)/p beta m") {
  const std::uint64_t block = 1000;
  for (int k = 1; k <= 4; ++k) {
    const int p = 1 << k;
    CAPTURE(p);
    const model::Replay r = model::replay_alpha_beta(load(test::binomial_gather(p, block)), ab);
    const double m = static_cast<double>(p * block);
    CHECK(r.complete);
    CHECK(r.total == Approx(k * ab.alpha + (p - 1.0) / p * ab.beta * m).epsilon(1e-12));
    CHECK(r.rank_completion[0] == Approx(r.total).epsilon(1e-12));
    // A leaf is done when its one message has arrived.
    CHECK(r.rank_completion[p - 1] == Approx(ab.alpha + ab.beta * block).epsilon(1e-12));
  }
}

TEST_CASE("alpha-beta replay of ring and dissemination and pipeline matches their cost formulas") {
  const std::uint64_t b = 500;
  const double step = ab.alpha + ab.beta * b;
  for (int p : {2, 3, 5, 8}) {
    CAPTURE(p);
    CHECK(model::replay_alpha_beta(load(test::ring_allgather(p, b)), ab).total ==
          Approx((p - 1) * step).epsilon(1e-12));
    for (int blocks : {1, 4}) {
      CHECK(model::replay_alpha_beta(load(test::pipeline_bcast(p, blocks, b)), ab).total ==
            Approx((p - 1 + blocks - 1) * step).epsilon(1e-12));
    }
  }
  for (int k = 1; k <= 4; ++k) {
    const int p = 1 << k;
    CHECK(model::replay_alpha_beta(load(test::dissemination_allgather(p, b)), ab).total ==
          Approx(k * ab.alpha + (p - 1) * ab.beta * b).epsilon(1e-12));
  }
}

TEST_CASE("alpha-beta replay is 1-ported but bidirectional") {
  const double t = ab.alpha + ab.beta * 100;
  SECTION("two receives posted together still arrive one after the other") {
    TraceBuilder b(3);
    b.enter(0, 1e-6, "MPI_Irecv").mpi_irecv_request(0, 1e-6, 1).leave(0, 1e-6, "MPI_Irecv");
    b.enter(0, 2e-6, "MPI_Irecv").mpi_irecv_request(0, 2e-6, 2).leave(0, 2e-6, "MPI_Irecv");
    b.enter(0, 3e-6, "MPI_Waitall").mpi_irecv(0, 5e-6, 1, 100, 0, 1);
    b.mpi_irecv(0, 5e-6, 2, 100, 0, 2).leave(0, 5e-6, "MPI_Waitall");
    b.send(1, 1e-6, 2e-6, 0, 100);
    b.send(2, 1e-6, 2e-6, 0, 100);
    const model::Replay r = model::replay_alpha_beta(load(b), ab);
    CHECK(r.total == Approx(2 * t));
    CHECK(r.rank_completion[1] == Approx(t));
    CHECK(r.rank_completion[2] == Approx(t)); // sends do not wait for the receiver
    CHECK(r.message_start[1] == Approx(t));   // but the receive waited for rank 0's port
  }
  SECTION("two sends posted together leave one after the other") {
    TraceBuilder b(3);
    b.enter(0, 1e-6, "MPI_Isend").mpi_isend(0, 1e-6, 1, 100, 0, 1).leave(0, 1e-6, "MPI_Isend");
    b.enter(0, 2e-6, "MPI_Isend").mpi_isend(0, 2e-6, 2, 100, 0, 2).leave(0, 2e-6, "MPI_Isend");
    b.enter(0, 3e-6, "MPI_Waitall").mpi_isend_complete(0, 5e-6, 1);
    b.mpi_isend_complete(0, 5e-6, 2).leave(0, 5e-6, "MPI_Waitall");
    b.recv(1, 1e-6, 4e-6, 0, 100);
    b.recv(2, 1e-6, 4e-6, 0, 100);
    const model::Replay r = model::replay_alpha_beta(load(b), ab);
    CHECK_THAT(r.rank_completion, Catch::Matchers::Approx(std::vector<double>{2 * t, t, 2 * t}));
  }
  SECTION("a send to a rank that receives late does not block the sender") {
    TraceBuilder b(2); // both send first, then receive: runs with eager sends only
    for (int r = 0; r < 2; ++r) {
      b.send(r, 1e-6, 2e-6, 1 - r, 100);
      b.recv(r, 3e-6, 4e-6, 1 - r, 100);
    }
    const model::Replay r = model::replay_alpha_beta(load(b), ab);
    CHECK(r.complete);
    CHECK(r.total == Approx(2 * t));
  }
  SECTION("an exchange with Sendrecv takes one transfer time") {
    TraceBuilder b(2);
    b.sendrecv(0, 1e-6, 2e-6, 1, 100, 1, 100);
    b.sendrecv(1, 1e-6, 2e-6, 0, 100, 0, 100);
    const model::Replay r = model::replay_alpha_beta(load(b), ab);
    CHECK(r.total == Approx(t));
    CHECK(r.message_start == std::vector<double>{0.0, 0.0});
  }
}

TEST_CASE("LogGP replay: o + (n - 1)G + L + o and the gap between sends") {
  const model::LogGP c{5e-6, 1e-6, 3e-6, 1e-9};
  const std::uint64_t n = 1001;
  const double per_message = (n - 1) * c.G;
  SECTION("one message") {
    TraceBuilder b(2);
    b.send(0, 1e-6, 2e-6, 1, n);
    b.recv(1, 0.5e-6, 9e-6, 0, n);
    const model::Replay r = model::replay_loggp(load(b), c);
    CHECK(r.rank_completion[0] == Approx(c.o));
    CHECK(r.rank_completion[1] == Approx(2 * c.o + per_message + c.L));
  }
  SECTION("k messages from one sender: t + o + k(n − 1)G + (k − 1)g + L + o") {
    TraceBuilder b(4);
    for (int i = 1; i <= 3; ++i) {
      b.send(0, i * 1e-6, i * 1e-6 + 0.5e-6, i, n);
      b.recv(i, 0.5e-6, 9e-6, 0, n);
    }
    const model::Replay r = model::replay_loggp(load(b), c);
    CHECK(r.complete);
    CHECK(r.total == Approx(c.o + 3 * per_message + 2 * c.g + c.L + c.o));
    CHECK(r.rank_completion[1] == Approx(2 * c.o + per_message + c.L));
    CHECK(r.message_start[2] == Approx(2 * (per_message + c.g)));
  }
  SECTION("a receiver that is late pays only its overhead") {
    TraceBuilder b(3);
    b.send(0, 1e-6, 2e-6, 1, n);
    b.send(2, 1e-6, 2e-6, 1, n);
    b.recv(1, 1e-6, 3e-6, 0, n);
    b.recv(1, 4e-6, 5e-6, 2, n);
    const model::Replay r = model::replay_loggp(load(b), c);
    const double first = 2 * c.o + per_message + c.L;
    CHECK(r.rank_completion[1] == Approx(first + c.o)); // the second message was already there
  }
}
