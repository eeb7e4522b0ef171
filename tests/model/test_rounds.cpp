// Inferred and annotated rounds.
#include "algorithm_traces.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/instances.hpp"
#include "collscope/model/load_trace.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

int ceil_log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

model::Trace load(const TraceBuilder& b) {
  const TempDir dir;
  return model::load_trace(b.write(dir / "trace"));
}

} // namespace

TEST_CASE("binomial gather p = 7: 3 inferred rounds and 3 annotated rounds") {
  const model::Trace t = load(test::binomial_gather(7, 4));
  const model::InferredRounds inferred = model::inferred_rounds(t);
  CHECK(inferred.consistent);
  CHECK(inferred.rounds == 3);
  const model::AnnotatedRounds annotated = model::annotated_rounds(t);
  CHECK(annotated.rounds == 3);
  CHECK(annotated.per_instance == std::vector<int>{3});
  CHECK(annotated.outside_instances == 0);
  // Both count from 0, as the lecture does: every message's inferred round is its annotated one.
  for (std::size_t m = 0; m < t.messages.size(); ++m)
    CHECK(inferred.message_round[m] == annotated.message_round[m]);
  // round 0: 1→0 3→2 5→4 | round 1: 2→0 6→4 | round 2: 4→0
  std::set<std::tuple<int, int, int>> edges;
  for (std::size_t m = 0; m < t.messages.size(); ++m)
    edges.emplace(inferred.message_round[m], t.messages[m].sender, t.messages[m].receiver);
  CHECK(edges == std::set<std::tuple<int, int, int>>{
                     {0, 1, 0}, {0, 3, 2}, {0, 5, 4}, {1, 2, 0}, {1, 6, 4}, {2, 4, 0}});
}

TEST_CASE("binomial gather without annotations: ceil(log2 p) inferred rounds and 0 annotated") {
  for (int p = 2; p <= 33; ++p) {
    const model::Trace t = load(test::binomial_gather(p, 1, false));
    CAPTURE(p);
    CHECK(model::inferred_rounds(t).rounds == ceil_log2(p));
    CHECK(model::annotated_rounds(t).rounds == 0);
    CHECK(model::annotated_rounds(t).message_round[0] == model::no_index);
  }
}

TEST_CASE("ring allgather: p - 1 inferred rounds") {
  for (int p : {2, 3, 4, 5, 7, 8, 12, 16}) {
    CAPTURE(p);
    CHECK(model::inferred_rounds(load(test::ring_allgather(p, 8))).rounds == p - 1);
  }
}

TEST_CASE("dissemination allgather p = 5..13: ceil(log2 p) inferred rounds") {
  for (int p = 5; p <= 13; ++p) {
    CAPTURE(p);
    const model::InferredRounds r =
        model::inferred_rounds(load(test::dissemination_allgather(p, 8)));
    CHECK(r.consistent);
    CHECK(r.rounds == ceil_log2(p));
  }
}

TEST_CASE("linear pipeline broadcast with M blocks: p - 1 + M - 1 inferred rounds") {
  for (int p : {2, 3, 4, 7}) {
    for (int blocks : {1, 2, 3, 5}) {
      CAPTURE(p, blocks);
      CHECK(model::inferred_rounds(load(test::pipeline_bcast(p, blocks, 16))).rounds ==
            p - 1 + blocks - 1);
    }
  }
}

TEST_CASE("an exchange of Isend and Irecv completed by one Waitall is one step") {
  TraceBuilder b(2);
  for (int r = 0; r < 2; ++r) {
    b.enter(r, 1e-6, "MPI_Isend").mpi_isend(r, 1e-6, 1 - r, 8, 0, 1).leave(r, 2e-6, "MPI_Isend");
    b.enter(r, 3e-6, "MPI_Irecv").mpi_irecv_request(r, 3e-6, 2).leave(r, 4e-6, "MPI_Irecv");
    b.enter(r, 5e-6, "MPI_Waitall").mpi_isend_complete(r, 6e-6, 1);
    b.mpi_irecv(r, 6e-6, 1 - r, 8, 0, 2).leave(r, 6e-6, "MPI_Waitall");
  }
  const model::InferredRounds r = model::inferred_rounds(load(b));
  CHECK(r.consistent);
  CHECK(r.rounds == 1);
}

TEST_CASE(
    "an Isend-Recv-Wait exchange: the receive takes the step after the posting of the Isend") {
  TraceBuilder b(3);
  for (int r = 0; r < 2; ++r) {
    b.enter(r, 1e-6, "MPI_Isend").mpi_isend(r, 1e-6, 1 - r, 8, 0, 1).leave(r, 2e-6, "MPI_Isend");
    b.recv(r, 3e-6, 5e-6, 1 - r, 8);
    b.enter(r, 6e-6, "MPI_Wait").mpi_isend_complete(r, 7e-6, 1).leave(r, 7e-6, "MPI_Wait");
  }
  b.send(0, 8e-6, 9e-6, 2, 8); // rank 0's third step
  b.recv(2, 1e-6, 10e-6, 0, 8);
  const model::Trace t = load(b);
  const model::InferredRounds r = model::inferred_rounds(t);
  CHECK(r.consistent);
  CHECK(r.step[0][0] == model::no_index); // the Isend's enter takes no step
  CHECK(r.step[0][1] == 0);               // the Isend's send step
  CHECK(r.step[0][4] == 0);               // the Recv
  CHECK(r.step[0][7] == 1);               // the Wait
  CHECK(r.message_round.back() == 2);     // rank 2's receive of rank 0's third step (step 2)
  CHECK(r.rounds == 3);
}

TEST_CASE("two runs of an annotated algorithm are two instances with their own rounds") {
  TraceBuilder b(2);
  for (int run = 0; run < 2; ++run) {
    const double t = run * 1e-3;
    const std::string name = run == 0 ? "algorithm bcast/linear" : "algorithm bcast/binomial";
    for (int r = 0; r < 2; ++r) {
      b.enter(r, t, name, {{"root", "0"}, {"run", std::to_string(run)}});
      for (int k = 0; k <= run; ++k) {
        b.enter(r, t + (k + 1) * 1e-5, "round " + std::to_string(k));
        if (r == 0)
          b.send(0, t + (k + 1) * 1e-5 + 1e-6, t + (k + 1) * 1e-5 + 2e-6, 1, 8);
        else
          b.recv(1, t + (k + 1) * 1e-5 + 1e-6, t + (k + 1) * 1e-5 + 3e-6, 0, 8);
        b.leave(r, t + (k + 1) * 1e-5 + 5e-6, "round " + std::to_string(k));
      }
      b.leave(r, t + 1e-4, name);
    }
  }
  b.enter(0, 0.01, "round 7").leave(0, 0.02, "round 7"); // outside any algorithm
  const model::Trace t = load(b);
  REQUIRE(t.algorithms.size() == 2);
  CHECK(t.algorithms[0].name == "bcast/linear");
  CHECK(t.algorithms[1].algorithm == "binomial");
  CHECK(t.algorithms[1].meta.at("run") == "1");
  CHECK(t.algorithms[1].begin == Approx(1e-3));
  CHECK(t.algorithms[1].end == Approx(1e-3 + 1e-4));
  const model::AnnotatedRounds a = model::annotated_rounds(t);
  CHECK(a.per_instance == std::vector<int>{1, 2});
  CHECK(a.outside_instances == 1);
  CHECK(a.rounds == 2);
  CHECK(a.message_round == std::vector<int>{0, 0, 1});
  CHECK(model::inferred_rounds(t).rounds == 3);
}

TEST_CASE("a graded case: p counts the ranks in the algorithm and a copy to oneself is no round") {
  // The grader's runs have an idle rank, and a student's root may copy its own block with a
  // Sendrecv to itself: p = 4 and 3 rounds for the linear gather of 4, as the grader says.
  for (int p : {2, 3, 4, 7}) {
    CAPTURE(p);
    const model::Trace t = load(test::graded_linear_gather(p, 4));
    CHECK(t.ranks.size() == static_cast<std::size_t>(p + 1));
    REQUIRE(t.algorithms.size() == 1);
    CHECK(model::instance_size(t.algorithms[0]) == p);
    CHECK(model::process_count(t) == p);
    const model::InferredRounds inferred = model::inferred_rounds(t);
    CHECK(inferred.consistent);
    CHECK(inferred.rounds == p - 1);
    std::set<int> rounds;
    for (std::size_t m = 0; m < t.messages.size(); ++m) {
      const model::Message& message = t.messages[m];
      if (message.sender == message.receiver)
        CHECK(inferred.message_round[m] == model::no_index); // the copy: no round
      else
        rounds.insert(inferred.message_round[m]);
    }
    CHECK(static_cast<int>(rounds.size()) == p - 1); // rank r's block in round r − 1
  }
  // Without instances, p is every rank of the trace.
  CHECK(model::process_count(load(test::ring_allgather(5, 4))) == 5);
}
