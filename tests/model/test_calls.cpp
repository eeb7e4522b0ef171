// A trace divided into calls, and each call's own trace (calls.hpp): a program without
// annotations whose steps are separated by MPI_Barrier, an annotated algorithm inside a user
// region, a graded case.
#include "algorithm_traces.hpp"
#include "collscope/model/calls.hpp"
#include "collscope/model/communication_tree.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/instances.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/volume.hpp"

#include <catch2/catch.hpp>
#include <otf2/otf2.h>
#include <set>

using namespace collscope;
using collscope::test::at;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

model::Trace load(const TraceBuilder& b) {
  const TempDir dir;
  return model::load_trace(b.write(dir / "trace"));
}

// The world program of the issue: binomial broadcast, barrier, linear gather, barrier, ring
// shift with Sendrecv, allreduce.
TraceBuilder plain_program(int p, int root) {
  TraceBuilder b(p);
  test::hand_binomial_bcast(b, p, root, 0.0, 400);
  test::hand_barrier(b, p, 1e-3);
  test::hand_linear_gather(b, p, 2e-3, 8); // the root's own block to itself first
  test::hand_barrier(b, p, 3e-3);
  for (int r = 0; r < p; ++r)
    b.sendrecv(r, 4e-3 + at(0, 1), 4e-3 + at(0, 5), (r + 1) % p, 16, (r + p - 1) % p, 16);
  for (int r = 0; r < p; ++r)
    b.collective(r, 5e-3, 5.01e-3, "MPI_Allreduce", OTF2_COLLECTIVE_OP_ALLREDUCE,
                 OTF2_UNDEFINED_UINT32, 32, 32);
  return b;
}

} // namespace

TEST_CASE("calls: a program separated by barriers gets one call per step") {
  const int p = 6;
  const model::Trace t = load(plain_program(p, 2));
  const auto calls = model::divide_calls(t);
  REQUIRE(calls.size() == 6);
  const std::vector<std::string> names{"point-to-point", "MPI_Barrier",   "point-to-point",
                                       "MPI_Barrier",    "point-to-point", "MPI_Allreduce"};
  for (std::size_t i = 0; i < calls.size(); ++i) {
    CAPTURE(i);
    CHECK(calls[i].index == static_cast<int>(i));
    CHECK(calls[i].name == names[i]);
    CHECK(calls[i].parent == model::no_index);
    CHECK(calls[i].crossing == 0);
  }
  CHECK(calls[1].kind == model::CallKind::collective);
  CHECK(calls[1].collective == "barrier");
  CHECK(calls[5].collective == "allreduce");
  CHECK(calls[5].size() == p);
  CHECK(calls[5].collective_bytes == 32u * p);
  CHECK(calls[0].kind == model::CallKind::phase);
  CHECK(calls[0].messages == p - 1);
  CHECK(calls[0].bytes == 400u * (p - 1));
  CHECK(calls[2].messages == p - 1);
  CHECK(calls[2].self_messages == 1); // shown apart, not counted as a message
  CHECK(calls[4].messages == p);

  SECTION("each phase's own trace: rounds from 0, nothing of the other calls") {
    const model::Trace bcast = model::call_trace(t, calls[0]);
    REQUIRE(bcast.call);
    CHECK(bcast.call->index == 0);
    CHECK(bcast.messages.size() == static_cast<std::size_t>(p - 1));
    const auto rounds = model::inferred_rounds(bcast);
    CHECK(rounds.rounds == 3);
    std::set<int> seen(rounds.message_round.begin(), rounds.message_round.end());
    CHECK(seen == std::set<int>{0, 1, 2});
    CHECK(model::process_count(bcast) == p);

    const model::Trace gather = model::call_trace(t, calls[2]);
    CHECK(gather.time_origin == Approx(calls[2].begin));
    CHECK(gather.messages.size() == static_cast<std::size_t>(p)); // the self copy included
    const auto gr = model::inferred_rounds(gather);
    CHECK(gr.rounds == p - 1);
    for (const auto& m : gather.messages) {
      CHECK(m.send_time >= 0.0);
      CHECK(m.recv_time <= gather.duration);
    }
    // The whole trace numbers these rounds after the broadcast's; the call from 0.
    CHECK(model::inferred_rounds(t).rounds > gr.rounds);

    const model::Trace ring = model::call_trace(t, calls[4]);
    CHECK(model::inferred_rounds(ring).rounds == 1);

    // The communication tree of each call: the broadcast's downward from its root, the
    // gather's upward (the root's copy to itself is no edge), the ring none.
    const auto bt = model::communication_tree(bcast);
    CHECK(bt.is_tree);
    CHECK_FALSE(bt.upward);
    CHECK(bt.root == 2);
    CHECK(bt.depth == 2); // binomial: the most one-bits of a vrank below 6 (3 = 011, 5 = 101)
    CHECK(bt.parent[3] == 2); // vrank 1
    CHECK(bt.level[(2 + 5) % p] == 2);
    const auto gt = model::communication_tree(gather);
    CHECK(gt.is_tree);
    CHECK(gt.upward);
    CHECK(gt.root == 0);
    CHECK(gt.depth == 1);
    const auto rt = model::communication_tree(ring);
    CHECK_FALSE(rt.is_tree);
    CHECK(rt.reason == "the messages do not reach every rank from one root");
    // The whole program is no tree: the broadcast's and the gather's edges run both ways.
    CHECK_FALSE(model::communication_tree(t).is_tree);

    const model::Trace allreduce = model::call_trace(t, calls[5]);
    CHECK(allreduce.messages.empty());
    for (const auto& rank : allreduce.ranks) CHECK(rank.collectives.size() == 1);
  }
}

TEST_CASE("calls: an annotated algorithm inside a user region, and a collective inside it") {
  const int p = 4;
  // Annotated binomial gather to root 0 (round 0: 1→0, 3→2; round 1: 2→0) inside a region
  // "solve", with a barrier inside the algorithm after its rounds.
  TraceBuilder b(p);
  const double base = 1e-6;
  for (int r = 0; r < p; ++r) {
    b.enter(r, 0.0, "solve");
    b.enter(r, base, "algorithm gather/binomial", {{"root", "0"}, {"count", "1"}});
  }
  const auto step = [&](int k, int from, int to) {
    b.enter(from, base + at(k, 0), "round " + std::to_string(k));
    b.send(from, base + at(k, 2), base + at(k, 4), to, 4u << k);
    b.leave(from, base + at(k, 9), "round " + std::to_string(k));
    b.enter(to, base + at(k, 0), "round " + std::to_string(k));
    b.recv(to, base + at(k, 1), base + at(k, 5), from, 4u << k);
    b.leave(to, base + at(k, 9), "round " + std::to_string(k));
  };
  step(0, 1, 0);
  step(0, 3, 2);
  step(1, 2, 0);
  for (int r = 0; r < p; ++r) {
    b.collective(r, base + at(3, 1), base + at(3, 2), "MPI_Barrier", OTF2_COLLECTIVE_OP_BARRIER,
                 OTF2_UNDEFINED_UINT32, 0, 0);
    b.leave(r, base + at(3, 5), "algorithm gather/binomial");
    b.leave(r, base + at(4, 0), "solve");
  }
  const model::Trace t = load(b);
  const auto calls = model::divide_calls(t);
  std::map<std::string, const model::Call*> by_name;
  for (const auto& c : calls) by_name[c.name] = &c;
  INFO([&] {
    std::string s;
    for (const auto& c : calls) s += c.name + " parent " + std::to_string(c.parent) + "\n";
    return s;
  }());
  REQUIRE(by_name.count("region solve"));
  REQUIRE(by_name.count("gather/binomial"));
  const model::Call& region = *by_name["region solve"];
  const model::Call& algorithm = *by_name["gather/binomial"];
  CHECK(region.kind == model::CallKind::region);
  CHECK(algorithm.parent == region.index);
  CHECK(algorithm.root == 0);
  CHECK(algorithm.messages == p - 1);
  CHECK(region.messages == p - 1);
  REQUIRE(by_name.count("MPI_Barrier"));
  CHECK(by_name["MPI_Barrier"]->parent == algorithm.index);
  for (const auto& c : calls) CHECK(c.kind != model::CallKind::phase);

  const model::Trace own = model::call_trace(t, algorithm);
  CHECK(own.algorithms.size() == 1);
  CHECK(model::annotated_rounds(own).rounds == 2);
  CHECK(model::inferred_rounds(own).rounds == 2);

  std::string error;
  CHECK(model::find_call(calls, "solve", true, error) == &region);
  CHECK(model::find_call(calls, "nothing", true, error) == nullptr);
  CHECK(error == "no region named 'nothing' in the trace (its regions: solve)");
  CHECK(model::find_call(calls, std::to_string(calls.size()), false, error) == nullptr);
  CHECK(error.starts_with("no call "));
  CHECK(model::find_call(calls, "x", false, error) == nullptr);
}

TEST_CASE("calls: a graded case is a call of its own, p without the idle rank") {
  const model::Trace t = load(test::graded_linear_gather(4, 8));
  const auto calls = model::divide_calls(t);
  const model::Call* graded = nullptr;
  for (const auto& c : calls)
    if (c.kind == model::CallKind::grader_case) graded = &c;
  REQUIRE(graded != nullptr);
  CHECK(graded->name == "case 7: gather/submission");
  CHECK(graded->size() == 4);
  CHECK(graded->messages == 3);
  CHECK(graded->self_messages == 1);
  const model::Trace own = model::call_trace(t, *graded);
  CHECK(model::process_count(own) == 4);
  CHECK(model::inferred_rounds(own).rounds == 3);
}

TEST_CASE("calls: every message of the lecture's traces lies in exactly one top-level call") {
  for (int p = 2; p <= 12; ++p) {
    CAPTURE(p);
    const model::Trace t = load(plain_program(p, p / 2));
    const auto calls = model::divide_calls(t);
    int inside = 0;
    for (const auto& c : calls)
      if (c.parent == model::no_index) inside += c.messages + c.self_messages;
    CHECK(inside == static_cast<int>(t.messages.size()));
  }
}
