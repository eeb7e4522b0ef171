// The text form of `collscope-trace calls` at the scale it must stay readable at: p = 1024 and
// thousands of calls, nested, with long names — one line per call, at most 100 columns.
#define CATCH_CONFIG_MAIN
#include "call_rows.hpp"

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

trace_cli::CallRow row(int index, int parent, int depth, std::string name, int p) {
  trace_cli::CallRow r;
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
  r.resembles.collective = "reduce_scatter_block";
  r.resembles.algorithm = "ordered-recursive-halving-with-a-long-name";
  r.resembles.root = 1023;
  return r;
}

} // namespace

TEST_CASE("calls stays one line per call within 100 columns at p = 1024, 3000 calls") {
  std::vector<trace_cli::CallRow> rows;
  for (int i = 0; i < 3000; ++i) {
    const bool nested = i % 4 != 0;
    rows.push_back(row(i, nested ? i - i % 4 : -1, nested ? 1 + (i % 4 == 2 ? 1 : 0) : 0,
                       nested
                           ? "MPI_Allreduce"
                           : "region a rather long region name of the user's, " + std::to_string(i),
                       1024));
  }
  const std::string text = trace_cli::rows_text(rows, 100);
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
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
  const std::size_t name_at = lines[1].find("region a rather");
  CHECK(lines[2].find("  MPI_") == name_at);
  CHECK(lines[3].find("    MPI_") == name_at);
  CHECK(lines[1].find("…") != std::string::npos); // the long name, shortened
}

TEST_CASE("ranks are written as ranges") {
  CHECK(trace_cli::rank_ranges({0, 1, 2, 3}) == "0-3");
  CHECK(trace_cli::rank_ranges({0, 1, 3, 5, 6, 7, 9}) == "0,1,3,5-7,9");
  CHECK(trace_cli::rank_ranges({4}) == "4");
  CHECK(trace_cli::rank_ranges({}).empty());
}
