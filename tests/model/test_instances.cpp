// Algorithm instances matched per communicator (instances.hpp): ranks that run different
// sequences on different communicators are never merged, and bad metadata spoils one call only.
#include "collscope/model/calls.hpp"
#include "collscope/model/load_trace.hpp"
#include "trace_builder.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

model::Trace load(const TraceBuilder& b) {
  const TempDir dir;
  return model::load_trace(b.write(dir / "trace"));
}

void region(TraceBuilder& b, int rank, double t, const std::string& name, std::uint32_t comm,
            const std::string& p, const std::string& root = "") {
  TraceBuilder::Meta meta{{"p", p}, {"comm", std::to_string(comm)}};
  if (!root.empty()) meta["root"] = root;
  b.enter(rank, t, "algorithm " + name, meta);
  b.leave(rank, t + 1e-6, "algorithm " + name);
}

} // namespace

TEST_CASE("a split into {0} and {1,2,3}: four calls, none with more ranks than its communicator") {
  TraceBuilder b(4);
  const std::uint32_t alone = b.comm({0});
  const std::uint32_t three = b.comm({1, 2, 3});
  // Rank 0 runs two calls on its own communicator (p = 1); ranks 1-3 run two on theirs, the
  // reduce's root being rank 1 of three — the root a merge by position would check against p = 1.
  region(b, 0, 1e-6, "alltoall/pairwise", alone, "1");
  region(b, 0, 3e-6, "reduce/binomial", alone, "1", "0");
  for (int r = 1; r < 4; ++r) {
    region(b, r, 1e-6, "alltoall/pairwise", three, "3");
    region(b, r, 3e-6, "reduce/binomial", three, "3", "1");
  }
  const model::Trace t = load(b);
  REQUIRE(t.algorithms.size() == 4);
  for (const model::AlgorithmInstance& instance : t.algorithms) CHECK(instance.problems.empty());
  int calls = 0;
  for (const model::Call& call : model::divide_calls(t)) {
    if (call.kind != model::CallKind::algorithm) continue;
    ++calls;
    CAPTURE(call.name);
    REQUIRE(!call.members.empty());
    CHECK(call.size() <= static_cast<int>(call.members.size()));
    CHECK((call.ranks == std::vector<int>{0} || call.ranks == std::vector<int>{1, 2, 3}));
  }
  CHECK(calls == 4);
}

TEST_CASE("regions without a communicator are matched by position, as older traces were") {
  TraceBuilder b(3);
  for (int r = 0; r < 3; ++r) {
    b.enter(r, 1e-6, "algorithm bcast/binomial", {{"p", "3"}, {"root", "0"}});
    b.leave(r, 2e-6, "algorithm bcast/binomial");
  }
  const model::Trace t = load(b);
  REQUIRE(t.algorithms.size() == 1);
  CHECK(t.algorithms[0].regions.size() == 3);
}

TEST_CASE("metadata that cannot be true spoils its own call, and the rest of the trace reads") {
  TraceBuilder b(4);
  for (int r = 0; r < 4; ++r) {
    b.enter(r, 1e-6, "algorithm gather/binomial", {{"p", "4"}, {"root", "77"}});
    b.leave(r, 2e-6, "algorithm gather/binomial");
    b.enter(r, 3e-6, "algorithm bcast/binomial", {{"p", "4"}, {"root", "2"}});
    b.leave(r, 4e-6, "algorithm bcast/binomial");
  }
  const model::Trace t = load(b);
  REQUIRE(t.algorithms.size() == 2);
  REQUIRE(t.algorithms[0].problems.size() == 1);
  CHECK(t.algorithms[0].problems[0] ==
        "algorithm 'gather/binomial': metadata root = '77' is not a rank of p = 4");
  CHECK_FALSE(t.algorithms[0].meta.contains("root")); // never read as if it were a fact
  CHECK(t.algorithms[0].meta.at("p") == "4");
  for (const model::OpRef& ref : t.algorithms[0].regions)
    CHECK_FALSE(t.ranks[ref.rank].regions[ref.op].meta.contains("root"));
  CHECK(t.algorithms[1].problems.empty());
  CHECK(t.algorithms[1].meta.at("root") == "2");
  const auto calls = model::divide_calls(t);
  REQUIRE(calls.size() == 2);
  CHECK(calls[0].problems.size() == 1);
  CHECK(calls[1].problems.empty());
  CHECK(calls[1].root == 2);
}

TEST_CASE("a root is checked even where p is bad, and on every rank's region") {
  TraceBuilder b(4);
  for (int r = 0; r < 4; ++r) {
    // Rank 0's p is bad, so the instance has no p; rank 2's root is its own, and bad.
    b.enter(r, 1e-6, "algorithm gather/binomial",
            {{"p", r == 0 ? "0" : "4"}, {"root", r == 2 ? "99" : "-5"}});
    b.leave(r, 2e-6, "algorithm gather/binomial");
  }
  const model::Trace t = load(b);
  REQUIRE(t.algorithms.size() == 1);
  const model::AlgorithmInstance& instance = t.algorithms[0];
  CHECK_FALSE(instance.meta.contains("root"));
  for (const model::OpRef& ref : instance.regions)
    CHECK_FALSE(t.ranks[ref.rank].regions[ref.op].meta.contains("root"));
  CHECK(instance.problems.size() >= 3); // p = 0, root = -5, root = 99
  const auto calls = model::divide_calls(t);
  REQUIRE(calls.size() == 1);
  CHECK(calls[0].root == model::no_index);
}
