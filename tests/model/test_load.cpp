// Loading archives written with the README conventions (and Score-P-style variants of them).
#include "algorithm_traces.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/volume.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;

TEST_CASE("binomial gather p = 7: ranks and messages and blocks and regions and metadata") {
  const TempDir dir;
  const model::Trace trace = model::load_trace(test::binomial_gather(7, 4).write(dir / "gather"));

  REQUIRE(trace.ranks.size() == 7);
  CHECK(trace.ranks[3].name == "rank 3");
  CHECK(model::message_count(trace) == 6);
  CHECK(trace.unmatched_sends.empty());
  CHECK(trace.unmatched_receives.empty());

  // The root receives the subtrees of 1, 2 and 4: 1, 2 and 3 blocks.
  std::vector<std::pair<int, std::uint32_t>> at_root;
  for (const model::Message& m : trace.messages) {
    REQUIRE(m.blocks.has_value());
    CHECK(m.blocks->origin_first == static_cast<std::uint32_t>(m.sender));
    CHECK(m.bytes == 4 * m.blocks->origin_count);
    if (m.receiver == 0) at_root.emplace_back(m.sender, m.blocks->origin_count);
  }
  std::sort(at_root.begin(), at_root.end());
  CHECK(at_root == std::vector<std::pair<int, std::uint32_t>>{{1, 1}, {2, 2}, {4, 3}});

  const model::Volume v = model::volume(trace);
  CHECK(v.received[0] == 6 * 4);
  CHECK(v.sent[4] == 3 * 4);
  CHECK(v.total == (1 + 1 + 1 + 1 + 2 + 3) * 4);
  CHECK(v.max_per_rank == 24);

  // Times are seconds since the trace start, whatever the clock offset.
  const model::Message& first = trace.messages.front();
  CHECK(first.send_time == Approx(2e-6));
  CHECK(first.recv_call_time == Approx(1e-6));
  CHECK(first.recv_time == Approx(5e-6));
  CHECK(trace.duration == Approx(30e-6));

  REQUIRE(trace.algorithms.size() == 1);
  const model::AlgorithmInstance& a = trace.algorithms[0];
  CHECK(a.name == "gather/binomial");
  CHECK(a.collective == "gather");
  CHECK(a.algorithm == "binomial");
  CHECK(a.meta.at("root") == "0");
  CHECK(a.meta.at("datatype") == "MPI_BYTE");
  CHECK(a.regions.size() == 7);

  // Rank 4: algorithm ⊃ round 0 ⊃ MPI_Recv, round 1 ⊃ MPI_Recv, round 2 ⊃ MPI_Send.
  const model::Rank& r4 = trace.ranks[4];
  std::vector<std::string> names;
  for (const model::Region& region : r4.regions) names.emplace_back(region.name);
  CHECK(names == std::vector<std::string>{"algorithm gather/binomial", "round 0", "MPI_Recv",
                                          "round 1", "MPI_Recv", "round 2", "MPI_Send"});
  CHECK(r4.regions[0].kind == model::RegionKind::algorithm);
  CHECK(r4.regions[3].kind == model::RegionKind::round);
  CHECK(r4.regions[3].round == 1);
  CHECK(r4.regions[3].depth == 1);
  CHECK(r4.regions[4].kind == model::RegionKind::mpi_call);
  CHECK(r4.regions[4].depth == 2);
  CHECK(r4.regions[4].parent == 3);
  CHECK(r4.regions[4].instance == 0);
  CHECK(r4.regions[4].begin == Approx(11e-6));
  CHECK(r4.regions[4].end == Approx(15e-6));

  // Operations: enter, recv, leave per call; the recv knows its call and annotation region.
  const model::Operation& recv = r4.operations[1];
  CHECK(recv.kind == model::OpKind::recv);
  CHECK(recv.peer == 5);
  CHECK(recv.call == 0);
  CHECK(trace.functions[r4.operations[0].function] == "MPI_Recv");
  CHECK(r4.regions[recv.region].name == "round 0");
}

TEST_CASE("the anchor file loads like the archive directory") {
  const TempDir dir;
  const auto path = test::binomial_gather(5, 8).write(dir / "trace");
  const model::Trace a = model::load_trace(path);
  const model::Trace b = model::load_trace(path / "traces.otf2");
  CHECK(a.messages.size() == b.messages.size());
  CHECK(a.ranks.size() == b.ranks.size());
  const model::Trace c = model::load_trace(path.string() + "/");
  CHECK(c.messages.size() == 4);
}

TEST_CASE(
    "archives of other producers: without COMM_LOCATIONS or with location ids that are not ranks") {
  const TempDir dir;
  TraceBuilder::Options options;
  SECTION("collscope minimal: world group only, location id = rank") {
    options.comm_locations = false;
  }
  SECTION("Score-P style: location ids shifted, ranks given by the COMM_LOCATIONS group") {
    options.location_base = std::uint64_t{1} << 32;
  }
  TraceBuilder b(3, options);
  b.send(2, 1e-6, 2e-6, 0, 100);
  b.recv(0, 0.5e-6, 3e-6, 2, 100);
  b.send(1, 1e-6, 2e-6, 2, 50);
  b.recv(2, 2.5e-6, 4e-6, 1, 50);
  const model::Trace trace = model::load_trace(b.write(dir / "trace"));
  REQUIRE(trace.messages.size() == 2);
  CHECK(trace.messages[0].sender == 1);
  CHECK(trace.messages[0].receiver == 2);
  CHECK(trace.messages[1].sender == 2);
  CHECK(trace.messages[1].receiver == 0);
  CHECK(trace.messages[1].bytes == 100);
}

TEST_CASE("native collectives load with root and byte counts") {
  const TempDir dir;
  TraceBuilder b(3);
  const std::uint32_t comm = b.comm({2, 0, 1});
  for (int r = 0; r < 3; ++r)
    b.collective(r, 1e-6, 5e-6, "MPI_Bcast", 1 /* BCAST */, 0, r == 2 ? 64 : 0, r == 2 ? 0 : 64,
                 comm);
  const model::Trace trace = model::load_trace(b.write(dir / "trace"));
  for (const model::Rank& rank : trace.ranks) {
    REQUIRE(rank.collectives.size() == 1);
    const model::Collective& c = rank.collectives[0];
    CHECK(c.op == "BCAST");
    CHECK(c.root == 2); // comm rank 0 of {2, 0, 1}
    CHECK(c.comm == comm);
    CHECK(c.begin == Approx(1e-6));
    CHECK(c.end == Approx(5e-6));
  }
  CHECK(trace.ranks[2].collectives[0].bytes_sent == 64);
  CHECK(trace.ranks[1].collectives[0].bytes_received == 64);
  CHECK(trace.messages.empty());
}
