// The text form of `collscope-trace calls` at the scale it must stay readable at: p = 1024 and
// thousands of calls, nested, with long names — one line per call, at most 100 columns, and the
// algorithm each call resembles in full; --wide (width 0) cuts nothing.
#define CATCH_CONFIG_MAIN
#include "call_rows.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

using namespace collscope;

namespace {

std::size_t columns(const std::string& s) {
  std::size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

model::CallSummary row(int index, int parent, int depth, std::string name, int p) {
  model::CallSummary r;
  r.call.index = index;
  r.call.parent = parent;
  r.call.kind = parent < 0 ? model::CallKind::region : model::CallKind::collective;
  r.call.name = std::move(name);
  for (int i = 0; i < p; ++i) r.call.ranks.push_back(i);
  r.call.members = r.call.ranks;
  r.call.root = index % 3 == 0 ? 1023 : model::no_index;
  r.call.messages = 1023 * 1000;
  r.call.self_messages = index % 7 == 0 ? 1024 : 0;
  r.call.bytes = 1023ull * 1000 * 8 * 1024 * 1024;
  r.depth = depth;
  r.rounds_inferred = 1023;
  r.rounds_annotated = index % 2 ? 10 : 0;
  r.rounds_consistent = index % 5 != 0;
  r.resembles.collective = index % 2 ? "bcast" : "allreduce";
  r.resembles.algorithm = index % 2 ? "scatter_allgather" : "butterfly";
  r.resembles.exact = index % 2 == 0;
  r.resembles.root = index % 2 ? 1023 : model::no_index;
  return r;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

} // namespace

TEST_CASE("calls stays one line per call within 100 columns at p = 1024, 3000 calls") {
  std::vector<model::CallSummary> rows;
  for (int i = 0; i < 3000; ++i) {
    const bool nested = i % 4 != 0;
    rows.push_back(row(i, nested ? i - i % 4 : -1, nested ? 1 + (i % 4 == 2 ? 1 : 0) : 0,
                       nested
                           ? "MPI_Allreduce"
                           : "region a rather long region name of the user's, " + std::to_string(i),
                       1024));
  }
  const std::vector<std::string> lines = lines_of(trace_cli::rows_text(rows, 100));
  REQUIRE(lines.size() >= rows.size() + 1);
  for (const std::string& line : lines) {
    INFO(line);
    CHECK(columns(line) <= 100);
  }
  // Every call's line starts with its index; a nested call's name is indented under its parent.
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string& line = lines[i + 1];
    INFO(line);
    CHECK(line.find(std::to_string(i) + "  ") != std::string::npos);
    CHECK(line.find("0-1023") != std::string::npos);
  }
  const std::size_t name_at = lines[1].find("region a");
  CHECK(lines[2].find("  MPI_") == name_at);
  CHECK(lines[3].find("    MPI_") == name_at);
  CHECK(lines[1].find("…") != std::string::npos); // the long name, shortened
  // The resembled algorithm in full, on every line; inconsistent rounds marked and explained.
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string& line = lines[i + 1];
    INFO(line);
    CHECK(line.find(i % 2 ? "≈ bcast/scatter_allgather" : "= allreduce/butterfly") !=
          std::string::npos);
    CHECK((line.find("1023!") != std::string::npos) == (i % 5 == 0));
  }
  CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
          return line.starts_with("! rounds inconsistent: ");
        }) == 1);
}

TEST_CASE("calls names Open MPI's algorithm and the resembled one in full, at p = 64") {
  // Native collectives under a rules file: both algorithm columns whole, within 100 columns.
  std::vector<model::CallSummary> rows;
  for (int i = 0; i < 200; ++i) {
    model::CallSummary r = row(i, -1, 0, i % 2 ? "MPI_Bcast" : "MPI_Allreduce", 64);
    r.call.kind = model::CallKind::collective;
    r.call.self_messages = 0;
    r.call.messages = 4032;
    r.call.bytes = 258048;
    r.rounds_inferred = 12;
    r.rounds_annotated = 0;
    r.call.root = i % 2 ? 3 : model::no_index;
    r.resembles.root = r.call.root;
    r.call.ompi = {.name = i % 2 ? "scatter_allgather_ring" : "recursive_doubling",
                   .source = "rules file /a/rather/long/path/to/rules.conf, line 17",
                   .segment = 0,
                   .fanout = std::nullopt};
    rows.push_back(r);
  }
  const std::vector<std::string> lines = lines_of(trace_cli::rows_text(rows, 100));
  for (const std::string& line : lines) {
    INFO(line);
    CHECK(columns(line) <= 100);
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string& line = lines[i + 1];
    INFO(line);
    // The resembled algorithm whole; Open MPI's gives way (--call N and --wide have it).
    CHECK(line.ends_with(i % 2 ? "  ≈ bcast/scatter_allgather" : "  = allreduce/butterfly"));
    CHECK(line.find(i % 2 ? "  scatter_all" : "  recursive_d") != std::string::npos);
    CHECK(line.find("0-63") != std::string::npos);
    CHECK((line.find("12!") != std::string::npos) == (i % 5 == 0));
  }
  const std::vector<std::string> wide = lines_of(trace_cli::rows_text(rows, 0));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string& line = wide[i + 1];
    INFO(line);
    CHECK(line.find(i % 2 ? "scatter_allgather_ring (rules)  ≈ bcast/scatter_allgather"
                          : "recursive_doubling (rules)      = allreduce/butterfly") !=
          std::string::npos);
  }
}

TEST_CASE("calls names the longest algorithm of the registry in full within 100 columns") {
  // p = 64, a user region's long name beside the longest registry name (a tune library
  // mock-up, 44 characters); the other columns give way.
  std::vector<model::CallSummary> rows;
  for (int i = 0; i < 40; ++i) {
    model::CallSummary r =
        row(i, -1, 0, "region the solver's second half-step of " + std::to_string(i), 64);
    r.call.self_messages = 0;
    r.call.messages = 4032;
    r.call.bytes = 258048;
    r.rounds_inferred = 63;
    r.rounds_annotated = 0;
    r.rounds_consistent = true;
    r.call.root = 0;
    r.call.ompi = {};
    r.resembles.collective = "allreduce";
    r.resembles.algorithm = "gl6-reduce_scatter_block-allgather";
    r.resembles.exact = false;
    r.resembles.root = 5;
    rows.push_back(r);
  }
  const std::vector<std::string> lines = lines_of(trace_cli::rows_text(rows, 100));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string& line = lines[i + 1];
    INFO(line);
    CHECK(columns(line) <= 100);
    CHECK(line.find("≈ allreduce/gl6-reduce_scatter_block-allgather") != std::string::npos);
  }
  // --wide: nothing cut, the root it was compared at and each call's kind are there.
  const std::vector<std::string> wide = lines_of(trace_cli::rows_text(rows, 0));
  CHECK(wide[0].find("kind") != std::string::npos);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string& line = wide[i + 1];
    INFO(line);
    CHECK(line.find("…") == std::string::npos);
    CHECK(line.find("region the solver's second half-step of " + std::to_string(i)) !=
          std::string::npos);
    CHECK(line.find("≈ allreduce/gl6-reduce_scatter_block-allgather root 5") != std::string::npos);
  }
}

TEST_CASE("calls --call N says the rounds' consistency and Open MPI's algorithm in full") {
  model::CallSummary r = row(5, -1, 0, "MPI_Bcast", 4);
  r.call.kind = model::CallKind::collective;
  r.call.ompi = {.name = "binomial",
                 .source = "rules file /tmp/rules.conf, line 7",
                 .segment = 0,
                 .fanout = std::nullopt};
  r.rounds_consistent = false;
  const std::string text = trace_cli::row_detail(r);
  INFO(text);
  CHECK(text.find("\nopen mpi      binomial (rules file /tmp/rules.conf, line 7)\n") !=
        std::string::npos);
  CHECK(text.find("inferred rounds INCONSISTENT: " + trace_cli::rounds_inconsistent_note()) !=
        std::string::npos);
  CHECK(text.find("\nresembles     = bcast/scatter_allgather root 1023\n") ==
        std::string::npos); // exact is false: "≈"
  CHECK(text.find("\nresembles     ≈ bcast/scatter_allgather root 1023\n") != std::string::npos);
}

TEST_CASE("ranks are written as ranges") {
  CHECK(trace_cli::rank_ranges({0, 1, 2, 3}) == "0-3");
  CHECK(trace_cli::rank_ranges({0, 1, 3, 5, 6, 7, 9}) == "0,1,3,5-7,9");
  CHECK(trace_cli::rank_ranges({4}) == "4");
  CHECK(trace_cli::rank_ranges({}).empty());
}
