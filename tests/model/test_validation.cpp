// What the loader refuses to believe, how it reports progress, and the compact storage the
// loader fills (names shared by copies, blocks beside the sends that carry them).
#include "algorithm_traces.hpp"
#include "collscope/model/critical_path.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/volume.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

namespace {

model::TraceError failure(const std::filesystem::path& path) {
  try {
    model::load_trace(path);
  } catch (const model::TraceError& e) {
    return e;
  }
  FAIL("loaded without error");
  return model::TraceError(model::TraceError::Kind::corrupt, "");
}

} // namespace

TEST_CASE("a timestamp from another clock is refused, not turned into a days-long path") {
  // A run of 18 ms whose clock starts 2.25e6 s after the counter's zero (a machine up for
  // 26 days); one event kept the raw value 0. Read as it stands, it would make the critical
  // path 2.25e6 s long.
  const TempDir dir;
  TraceBuilder::Options options;
  options.clock_offset = 2'250'000'000'000'000;
  TraceBuilder b(2, options);
  b.send(0, 1e-3, 2e-3, 1, 8).recv(1, 1e-3, 3e-3, 0, 8);
  b.send(0, 17e-3, 18e-3, 1, 8);
  b.mpi_recv(1, -2.25e6, 0, 8); // tick 0
  const model::TraceError e = failure(b.write(dir / "t"));
  CHECK(e.kind() == model::TraceError::Kind::invalid);
  REQUIRE(e.problems().size() == 1);
  CHECK(e.problems()[0] == "rank 1: event 0 at -2.25e+06 s is before the trace's start (the "
                           "trace spans 0 to 0.018 s)");
  CHECK(std::string(e.what()).starts_with("invalid trace: " + (dir / "t").string() + ": rank 1"));
}

TEST_CASE("a valid trace's critical path stays within its duration") {
  const TempDir dir;
  const model::Trace t = model::load_trace(test::dissemination_allgather(13, 8).write(dir / "t"));
  const double length = model::critical_path(t).length;
  CHECK(length > 0);
  CHECK(length <= t.duration);
}

TEST_CASE("progress counts the events read, only grows, ends at its total; false cancels") {
  const TempDir dir;
  const auto path = test::ring_allgather(5, 8).write(dir / "t");
  std::vector<std::pair<std::uint64_t, std::uint64_t>> seen;
  const model::Trace t = model::load_trace(path, [&](std::uint64_t done, std::uint64_t total) {
    seen.emplace_back(done, total);
    return true;
  });
  REQUIRE(seen.size() >= 2);
  CHECK(seen.front().first == 0);
  std::size_t events = 0;
  for (const model::Rank& r : t.ranks) events += r.operations.size();
  CHECK(seen.back().second >= events); // announced events include the regions' Enter/Leave
  CHECK(seen.back().first == seen.back().second);
  for (std::size_t i = 1; i < seen.size(); ++i) {
    CHECK(seen[i].first >= seen[i - 1].first);
    CHECK(seen[i].first <= seen[i].second);
  }

  int calls = 0;
  try {
    model::load_trace(path, [&](std::uint64_t, std::uint64_t) { return ++calls < 2; });
    FAIL("not cancelled");
  } catch (const model::TraceError& e) {
    CHECK(e.kind() == model::TraceError::Kind::cancelled);
    CHECK(std::string(e.what()) == "loading cancelled: " + path.string());
  }
}

TEST_CASE("byte sums saturate instead of wrapping") {
  const TempDir dir;
  TraceBuilder b(2);
  b.send(0, 1e-6, 2e-6, 1, UINT64_MAX).recv(1, 1e-6, 3e-6, 0, UINT64_MAX);
  const auto one = model::volume(model::load_trace(b.write(dir / "one")));
  CHECK(one.total == UINT64_MAX);
  CHECK_FALSE(one.saturated); // exactly 2^64 − 1 fits
  b.send(0, 4e-6, 5e-6, 1, 1).recv(1, 4e-6, 6e-6, 0, 1);
  const auto two = model::volume(model::load_trace(b.write(dir / "two")));
  CHECK(two.total == UINT64_MAX);
  CHECK(two.max_per_rank == UINT64_MAX);
  CHECK(two.saturated);
}

TEST_CASE("region names stay valid in copies of the trace; blocks sit beside their sends") {
  const TempDir dir;
  std::optional<model::Trace> copy;
  {
    const model::Trace t = model::load_trace(test::binomial_gather(7, 4).write(dir / "t"));
    copy = t;
  }
  const model::Rank& r4 = copy->ranks[4];
  CHECK(r4.regions[0].name == "algorithm gather/binomial");
  CHECK(r4.regions[0].meta.find("root")->second == "0");
  CHECK(r4.regions[0].meta.find("nothing") == r4.regions[0].meta.end());
  CHECK(r4.regions[1].meta.empty());
  for (const model::Message& m : copy->messages) {
    const model::Blocks* b = copy->ranks[m.sender].blocks_of(m.send_op);
    REQUIRE(b != nullptr);
    CHECK(b->origin_first == m.blocks->origin_first);
    CHECK(copy->ranks[m.receiver].blocks_of(m.recv_op) == nullptr);
  }
}
