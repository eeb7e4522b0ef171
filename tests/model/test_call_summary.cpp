// One summary per call (call_summary.hpp), the one `collscope-trace calls` and the app's Calls
// list show: depth, communicator, rounds on the call's own trace from 0, what it resembles, and
// the own trace cut once and kept (or dropped for a whole trace's list).
#include "algorithm_traces.hpp"
#include "collscope/model/call_summary.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <otf2/otf2.h>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

model::Trace load(const TraceBuilder& b) {
  const TempDir dir;
  return model::load_trace(b.write(dir / "trace"));
}

} // namespace

TEST_CASE("call summary: a hand-written broadcast, a barrier, a gather, each from its own trace") {
  const int p = 6, root = 2;
  TraceBuilder b(p);
  test::hand_binomial_bcast(b, p, root, 0.0, 400);
  test::hand_barrier(b, p, 1e-3);
  test::hand_linear_gather(b, p, 2e-3, 8);
  const model::Trace t = load(b);
  const std::vector<model::Call> calls = model::divide_calls(t);
  const std::vector<model::CallSummary> all = model::summarise_calls(t);
  REQUIRE(all.size() == calls.size());
  REQUIRE(all.size() == 3);
  for (std::size_t i = 0; i < all.size(); ++i) {
    CAPTURE(i);
    CHECK(all[i].call.index == static_cast<int>(i));
    CHECK(all[i].call.name == calls[i].name);
    CHECK(all[i].depth == 0);
    CHECK(all[i].own == nullptr); // a whole trace's list keeps no own traces
  }
  // Rounds from 0 on each call's own trace, not the whole program's numbering.
  CHECK(all[0].rounds_inferred == 3);
  CHECK(all[0].rounds_consistent);
  CHECK(all[0].rounds_annotated == 0);
  CHECK(all[2].rounds_inferred == p - 1);
  CHECK(model::inferred_rounds(t).rounds > p - 1);
  // The hand-written broadcast resembles the binomial broadcast from its root.
  CHECK(all[0].resembles.collective == "bcast");
  CHECK(all[0].resembles.algorithm == "binomial");
  CHECK(all[0].resembles.root == root);
  CHECK(all[0].resembles.rounds == 3);
  CHECK(all[2].resembles.collective == "gather");
  // The barrier ran on MPI_COMM_WORLD, which the trace names.
  CHECK(all[1].call.kind == model::CallKind::collective);
  CHECK(all[1].communicator == model::communicator_name(t, all[1].call.comm));
  CHECK_FALSE(all[1].communicator.empty());
  CHECK(model::communicator_name(t, 4242) == "comm 4242");

  SECTION("one call: its own trace is cut once and kept, and it summarises the same") {
    const model::CallSummary one = model::summarise_call(t, calls[2], calls);
    REQUIRE(one.own != nullptr);
    REQUIRE(one.own->call);
    CHECK(one.own->call->index == 2);
    CHECK(one.own->messages.size() == static_cast<std::size_t>(p)); // with the root's self copy
    const model::CallSummary again = model::summarise_call(one.own, calls[2], calls);
    CHECK(again.own == one.own); // shared, not cut again
    CHECK(again.rounds_inferred == one.rounds_inferred);
    CHECK(again.resembles.words == one.resembles.words);
    CHECK(one.resembles.words == all[2].resembles.words);
  }
}

TEST_CASE("call summary: depth counts the calls around it") {
  const int p = 4;
  TraceBuilder b(p);
  for (int r = 0; r < p; ++r) {
    b.enter(r, 0.0, "solve");
    b.enter(r, 1e-6, "algorithm gather/binomial", {{"root", "0"}, {"count", "1"}});
  }
  const auto step = [&](int k, int from, int to) {
    const double base = 1e-6;
    b.enter(from, base + test::at(k, 0), "round " + std::to_string(k));
    b.send(from, base + test::at(k, 2), base + test::at(k, 4), to, 4u << k);
    b.leave(from, base + test::at(k, 9), "round " + std::to_string(k));
    b.enter(to, base + test::at(k, 0), "round " + std::to_string(k));
    b.recv(to, base + test::at(k, 1), base + test::at(k, 5), from, 4u << k);
    b.leave(to, base + test::at(k, 9), "round " + std::to_string(k));
  };
  step(0, 1, 0);
  step(0, 3, 2);
  step(1, 2, 0);
  for (int r = 0; r < p; ++r) {
    b.collective(r, 1e-6 + test::at(3, 1), 1e-6 + test::at(3, 2), "MPI_Barrier",
                 OTF2_COLLECTIVE_OP_BARRIER, OTF2_UNDEFINED_UINT32, 0, 0);
    b.leave(r, 1e-6 + test::at(3, 5), "algorithm gather/binomial");
    b.leave(r, 1e-6 + test::at(4, 0), "solve");
  }
  const std::vector<model::CallSummary> all = model::summarise_calls(load(b));
  std::map<std::string, const model::CallSummary*> by_name;
  for (const auto& s : all) by_name[s.call.name] = &s;
  REQUIRE(by_name.count("region solve"));
  REQUIRE(by_name.count("gather/binomial"));
  REQUIRE(by_name.count("MPI_Barrier"));
  CHECK(by_name["region solve"]->depth == 0);
  CHECK(by_name["gather/binomial"]->depth == 1);
  CHECK(by_name["MPI_Barrier"]->depth == 2);
  // The annotated gather: its annotation's rounds and the inferred ones agree, and it is
  // its own algorithm exactly.
  const model::CallSummary& gather = *by_name["gather/binomial"];
  CHECK(gather.rounds_annotated == 2);
  CHECK(gather.rounds_inferred == 2);
  CHECK(gather.resembles.algorithm == "binomial");
  CHECK(gather.resembles.exact);
}
