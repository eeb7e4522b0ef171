// Open MPI's own collectives at p = 8, recorded with the messages they send inside
// (make_traces.sh): the calls of the model hold them as messages of the native call, with the
// shape of the algorithm Open MPI was told to run.
#define CATCH_CONFIG_MAIN
#include "collscope/model/calls.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace collscope::model;

namespace {

constexpr int p = 8;

Trace load(const std::string& name) {
  const char* dir = std::getenv("COLLSCOPE_TEST_TRACES");
  REQUIRE(dir != nullptr);
  return load_trace(std::filesystem::path(dir) / name);
}

/// The first native collective call named `name` (its MPI function, or its collective:
/// a nonblocking one is named after the Wait that completed it) and its own trace.
std::pair<Call, Trace> native_call(const Trace& trace, const std::string& name) {
  const std::vector<Call> calls = divide_calls(trace);
  const auto it = std::find_if(calls.begin(), calls.end(), [&](const Call& c) {
    return c.kind == CallKind::collective && (c.name == name || c.collective == name);
  });
  REQUIRE(it != calls.end());
  return {*it, call_trace(trace, *it)};
}

/// Every message of the trace lies inside a native collective call (none is taken for the
/// user's point-to-point: the program sends none), with a collective's tag (negative).
void check_all_inside_collectives(const Trace& trace) {
  const std::vector<Call> calls = divide_calls(trace);
  int inside = 0;
  for (const Call& c : calls) {
    CHECK(c.kind == CallKind::collective);
    CHECK(c.crossing == 0);
    inside += c.messages;
  }
  CHECK(inside == static_cast<int>(trace.messages.size()));
  for (const Message& m : trace.messages) CHECK(m.tag < 0);
}

int relative(int rank, int root) {
  return (rank - root + p) % p;
}

} // namespace

TEST_CASE("bcast basic_linear: p - 1 messages, all from the root") {
  const Trace trace = load("bcast_linear");
  CHECK(trace.native_inside.rfind("recorded (Open MPI", 0) == 0);
  check_all_inside_collectives(trace);
  const auto [call, own] = native_call(trace, "MPI_Bcast");
  CHECK(call.messages == p - 1);
  CHECK(call.bytes == (p - 1) * 4000u);
  std::set<int> receivers;
  for (const Message& m : own.messages) {
    CHECK(m.sender == 3);
    CHECK(m.bytes == 4000);
    CHECK(m.send_time <= m.recv_time);
    receivers.insert(m.receiver);
  }
  CHECK(receivers.size() == p - 1);
  CHECK(receivers.count(3) == 0);
}

TEST_CASE("bcast binomial: p - 1 messages in ceil(log2 p) inferred rounds") {
  const Trace trace = load("bcast_binomial");
  check_all_inside_collectives(trace);
  const auto [call, own] = native_call(trace, "MPI_Bcast");
  CHECK(call.messages == p - 1);
  CHECK(inferred_rounds(own).rounds == 3);
  std::set<int> receivers;
  for (const Message& m : own.messages) receivers.insert(m.receiver);
  CHECK(receivers.size() == p - 1);
  CHECK(receivers.count(3) == 0);
  int from_root = 0;
  for (const Message& m : own.messages) from_root += m.sender == 3 ? 1 : 0;
  CHECK(from_root == 3); // a binomial root sends log2 p times, a linear one p - 1
}

TEST_CASE("bcast pipeline: the segments along the chain") {
  const Trace trace = load("bcast_pipeline");
  check_all_inside_collectives(trace);
  const auto [call, own] = native_call(trace, "MPI_Bcast");
  const int bytes = 2500 * 4;
  const int segments = (bytes + 1023) / 1024;
  CHECK(call.messages == segments * (p - 1));
  CHECK(call.bytes == static_cast<std::uint64_t>(bytes) * (p - 1));
  std::vector<int> per_edge(p, 0);
  for (const Message& m : own.messages) {
    const int from = relative(m.sender, 5);
    CHECK(relative(m.receiver, 5) == from + 1);
    CHECK(m.bytes <= 1024);
    ++per_edge[from];
  }
  for (int i = 0; i + 1 < p; ++i) CHECK(per_edge[i] == segments);
  // Each rank forwards a segment only after it got it.
  const InferredRounds rounds = inferred_rounds(own);
  CHECK(rounds.rounds >= p - 1 + segments - 1);
}

TEST_CASE("allreduce recursive doubling: 3 rounds of pairwise exchanges, 24 messages") {
  for (const char* name : {"allreduce_doubling", "allreduce_default"}) {
    INFO(name);
    const Trace trace = load(name);
    check_all_inside_collectives(trace);
    const auto [call, own] = native_call(trace, "MPI_Allreduce");
    CHECK(call.messages == 24);
    CHECK(call.bytes == 24 * 4000u);
    const InferredRounds rounds = inferred_rounds(own);
    CHECK(rounds.rounds == 3);
    for (std::size_t i = 0; i < own.messages.size(); ++i) {
      const Message& m = own.messages[i];
      const int round = rounds.message_round[i];
      REQUIRE(round >= 0);
      CHECK((m.sender ^ m.receiver) == (1 << round)); // partner rank XOR 2^k in round k
    }
  }
}

TEST_CASE("a nonblocking collective's inside is not recorded, and the trace says so") {
  const Trace trace = load("ibcast");
  CHECK(trace.native_inside.find("except: nonblocking collectives") != std::string::npos);
  const auto [call, own] = native_call(trace, "bcast");
  CHECK(call.messages == 0);
  CHECK(call.collective_bytes == 4000u);
}
