// collscope-trace on hand-made traces: bad options, values at the edge of their types, metadata
// that cannot be true, and JSON that must stay JSON. Every refusal is one line per problem and
// exit status 2.
#include "algorithm_traces.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

using namespace collscope;
using collscope::test::TempDir;
using collscope::test::TraceBuilder;
namespace fs = std::filesystem;

namespace {

struct Run {
  int status = -1;
  std::string out;
  std::vector<std::string> err; ///< lines
};

std::string quoted(const std::string& arg) {
  std::string out = "'";
  for (const char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string slurp(const fs::path& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), {}};
}

Run trace_cli(const std::vector<std::string>& args) {
  const TempDir dir;
  // Beside this test program in build/bin: the name only is compiled in, so that a clean clone
  // elsewhere compiles the same object (ccache hits it).
  std::string command =
      quoted((fs::read_symlink("/proc/self/exe").parent_path() / COLLSCOPE_TRACE_CLI).string());
  for (const std::string& a : args) command += " " + quoted(a);
  command += " >" + (dir / "out").string() + " 2>" + (dir / "err").string();
  Run r;
  const int status = std::system(command.c_str());
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(dir / "out");
  std::istringstream err(slurp(dir / "err"));
  for (std::string line; std::getline(err, line);) r.err.push_back(line);
  return r;
}

void refused(const Run& r, const std::string& says) {
  INFO("stderr: " << (r.err.empty() ? "(nothing)" : r.err.front()));
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  // One line; a mistake found while parsing the command line adds the help hint.
  REQUIRE(
      (r.err.size() == 1 || (r.err.size() == 2 && r.err[1].starts_with("Run 'collscope-trace ") &&
                             r.err[1].ends_with(" --help' for usage."))));
  CHECK(r.err[0].starts_with("collscope-trace: error: "));
  CHECK(r.err[0].find(says) != std::string::npos);
}

} // namespace

TEST_CASE("stats and check refuse numbers that are not numbers or do not fit") {
  const TempDir dir;
  const std::string trace = test::binomial_gather(4, 8).write(dir / "t").string();
  refused(trace_cli({"stats", trace, "--alpha", "inf"}), "--alpha expects a finite");
  refused(trace_cli({"stats", trace, "--beta", "nan"}), "--beta expects a finite");
  refused(trace_cli({"stats", trace, "--alpha", "-inf", "--json"}), "--alpha");
  refused(trace_cli({"check", trace, "--max-rounds", "99999999999999999999"}),
          "--max-rounds expects a whole number up to 18446744073709551615");
  refused(trace_cli({"check", trace, "--max-messages", "-1"}), "--max-messages");
  refused(trace_cli({"check", trace, "--max-bytes-per-rank", "1e3"}), "--max-bytes-per-rank");
  refused(trace_cli({"check", trace, "--max-rounds", "3", "--rounds", "both"}), "--rounds");

  const Run ok = trace_cli({"check", trace, "--max-rounds", "18446744073709551615"});
  CHECK(ok.status == 0);
  // What was judged comes first: the whole trace here, a single call with --call N.
  CHECK(ok.out == "whole trace (1 call: `collscope-trace calls` lists them, --call N picks one)\n"
                  "ok   inferred rounds: 2 (at most 18446744073709551615)\n");
}

TEST_CASE("byte totals saturate at 2^64 - 1 instead of wrapping, and say so") {
  const TempDir dir;
  constexpr std::uint64_t huge = UINT64_MAX;
  TraceBuilder b(2);
  b.send(0, 1e-6, 2e-6, 1, huge).recv(1, 1e-6, 3e-6, 0, huge);
  b.send(0, 4e-6, 5e-6, 1, 10).recv(1, 4e-6, 6e-6, 0, 10);
  const std::string trace = b.write(dir / "t").string();

  const Run json = trace_cli({"stats", trace, "--json"});
  REQUIRE(json.status == 0);
  const auto j = nlohmann::json::parse(json.out);
  CHECK(j["bytes_total"].get<std::uint64_t>() == huge);
  CHECK(j["bytes_max_per_rank"].get<std::uint64_t>() == huge);
  CHECK(j["bytes_saturated"].get<bool>());

  const Run text = trace_cli({"stats", trace});
  CHECK(text.out.find("bytes               18446744073709551615 or more") != std::string::npos);

  // A saturated sum is only a lower bound: no bound can be said to hold.
  const Run check = trace_cli({"check", trace, "--max-bytes-per-rank", std::to_string(huge)});
  CHECK(check.status == 1);
  CHECK(check.out.find("\nFAIL bytes per rank: 18446744073709551615 or more") != std::string::npos);
}

TEST_CASE("metadata that cannot be true is named, one line per problem, never echoed raw") {
  const TempDir dir;
  TraceBuilder b(8);
  for (int r = 0; r < 8; ++r) {
    b.enter(r, 0.0, "algorithm gather/binomial",
            {{"collective", "gather"},
             {"algorithm", "binomial"},
             {"p", r == 0 ? "2000000000" : "8"},
             {"root", "77"},
             {"count", "-1000"},
             {"datatype", "int\nverified: yes"}});
    b.leave(r, 1e-6, "algorithm gather/binomial");
  }
  const std::string trace = b.write(dir / "t").string();
  // The call is suspect, not the trace: stats reads the rest and leaves the bad values out.
  const Run r = trace_cli({"stats", trace});
  CHECK(r.status == 0);
  CHECK(r.out.find("verified: yes") == std::string::npos);
  CHECK(r.out.find("2000000000") == std::string::npos);
  for (const std::string& line : r.err) {
    CHECK(line.starts_with("collscope-trace: warning: " + trace + ": "));
    CHECK(line.ends_with(" (left out)"));
    CHECK(line != "verified: yes");
  }
  // Rank 0's p wins (lowest rank); with p out of range the root is judged against the trace's
  // ranks, and every other rank's own values are checked too (their p = 8).
  REQUIRE(r.err.size() == 5);
  CHECK(r.err[0].ends_with("metadata datatype = 'int\\nverified: yes' holds a control character "
                           "(left out)"));
  CHECK(r.err[1].ends_with("metadata p = '2000000000' is not a process count from 1 to the "
                           "trace's 8 ranks (left out)"));
  CHECK(r.err[2].ends_with("metadata root = '77' is not a rank of the trace's 8 ranks (left out)"));
  CHECK(r.err[3].ends_with("metadata count = '-1000' is not a whole number ≥ 0 (left out)"));
  CHECK(r.err[4].ends_with("metadata root = '77' is not a rank of p = 8 (left out)"));
}

TEST_CASE("a root outside p is named") {
  const TempDir dir;
  TraceBuilder b(8);
  for (int r = 0; r < 8; ++r)
    b.enter(r, 0.0, "algorithm gather/binomial", {{"p", "8"}, {"root", "77"}})
        .leave(r, 1e-6, "algorithm gather/binomial");
  const Run r = trace_cli({"stats", b.write(dir / "t").string()});
  CHECK(r.status == 0);
  REQUIRE(r.err.size() == 1);
  CHECK(r.err[0].ends_with("metadata root = '77' is not a rank of p = 8 (left out)"));
}

TEST_CASE("stats names each algorithm once, with how often it ran") {
  const TempDir dir;
  TraceBuilder b(2);
  for (int k = 0; k < 200; ++k)
    for (int r = 0; r < 2; ++r)
      b.enter(r, k * 1e-6, "algorithm bcast/linear", {{"p", "2"}, {"root", "0"}})
          .leave(r, k * 1e-6 + 5e-7, "algorithm bcast/linear");
  const Run r = trace_cli({"stats", b.write(dir / "t").string()});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("algorithm           bcast/linear p=2 root=0 ×200\n") != std::string::npos);
  std::size_t lines = 0;
  for (auto at = r.out.find("\nalgorithm "); at != std::string::npos;
       at = r.out.find("\nalgorithm ", at + 1))
    ++lines;
  CHECK(lines == 1);
}

TEST_CASE("the Perfetto export escapes every string, control characters included") {
  const TempDir dir;
  // The trace's own path is the one free text the export writes: a name with a newline, a
  // control character, a quote and a backslash.
  const fs::path odd = dir / "run\n\x01\"\\x";
  const std::string trace = test::binomial_gather(4, 8).write(odd).string();
  const fs::path out = dir / "out.json";
  const Run r = trace_cli({"export", trace, "--perfetto", out.string()});
  REQUIRE(r.status == 0);
  const std::string text = slurp(out);
  CHECK(text.find("\\u0001") != std::string::npos);
  const auto j = nlohmann::json::parse(text);
  CHECK(j["traceEvents"][0]["args"]["name"].get<std::string>() == trace);
  std::size_t flows = 0;
  for (const auto& e : j["traceEvents"]) flows += e["ph"] == "s";
  CHECK(flows == 3);
}

TEST_CASE("stats with a node layout: bytes per node, two-level and k-lane replays") {
  const TempDir dir;
  const std::uint64_t block = 100;
  const std::string trace = test::ring_allgather(8, block).write(dir / "t").string();
  const Run json = trace_cli({"stats", trace, "--json", "--ranks-per-node", "4", "--lanes", "1",
                              "--alpha-node", "1e-7", "--beta-node", "0"});
  REQUIRE(json.status == 0);
  const auto j = nlohmann::json::parse(json.out);
  CHECK(j["nodes"] == 2);
  CHECK(j["node_of_rank"] == std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1});
  CHECK(j["placement"] == "consecutive");
  CHECK(j["node_layout_from"] == "options");
  // The ring crosses the node boundary twice per step: 3 → 4 and 7 → 0.
  CHECK(j["bytes_between_nodes"] == 2 * 7 * block);
  CHECK(j["bytes_into_node"] == std::vector<std::uint64_t>{7 * block, 7 * block});
  // Every step waits for its off-node message: p − 1 steps of α' + β'b.
  const double step = j["alpha"].get<double>() + j["beta"].get<double>() * block;
  CHECK(j["replay_two_level_s"].get<double>() == Approx(7 * step));
  CHECK(j["replay_k_lane_s"].get<double>() == Approx(7 * step)); // one off-node sender per node

  const Run flat = trace_cli({"stats", trace, "--json"});
  const auto f = nlohmann::json::parse(flat.out);
  CHECK(f["nodes"] == 1);
  CHECK(f["node_layout_from"] == "none");
  CHECK(f["bytes_between_nodes"] == 0);

  const Run text = trace_cli({"stats", trace, "--nodes", "5,3", "--lanes", "1"});
  CHECK(text.out.find("nodes               2 of 3 to 5 ranks (consecutive, as given)") !=
        std::string::npos);
  CHECK(text.out.find("k-lane replay") != std::string::npos);

  refused(trace_cli({"stats", trace, "--nodes", "4,3"}), "--nodes 4,3 places 7 ranks");
  refused(trace_cli({"stats", trace, "--lanes", "0"}), "--lanes expects a whole number from 1");
  refused(trace_cli({"stats", trace, "--placement", "round-robin"}),
          "--placement goes with --ranks-per-node");
  refused(trace_cli({"stats", trace, "--ranks-per-node", "2", "--placement", "random"}),
          "--placement expects consecutive or round-robin");
  refused(trace_cli({"stats", trace, "--ranks-per-node", "2", "--nodes", "4,4"}),
          "either --ranks-per-node or --nodes");
}

TEST_CASE("stats says p and rounds as the grader does: no idle rank and no copy to oneself") {
  const TempDir dir;
  const std::string trace = test::graded_linear_gather(4, 4).write(dir / "t").string();
  const Run json = trace_cli({"stats", trace, "--json"});
  REQUIRE(json.status == 0);
  const auto j = nlohmann::json::parse(json.out);
  CHECK(j["ranks"] == 5);
  CHECK(j["p"] == 4);
  CHECK(j["rounds_inferred"] == 3);
  const Run text = trace_cli({"stats", trace});
  REQUIRE(text.status == 0);
  CHECK(text.out.find("ranks               5 (p = 4 take part in the algorithm)\n") !=
        std::string::npos);
  CHECK(text.out.find("rounds              3 inferred, 0 annotated") != std::string::npos);
  // Where every rank takes part, p is not repeated.
  const Run ring = trace_cli({"stats", test::ring_allgather(3, 8).write(dir / "r").string()});
  CHECK(ring.out.find("ranks               3\n") != std::string::npos);
}

TEST_CASE("record -o makes the folders above the trace or names the one it cannot make") {
  const TempDir dir;
  // `true` is no MPI program: no trace, but the folders above it are there for the tracer.
  const Run none = trace_cli({"record", "-o", (dir / "runs/today/t").string(), "--", "true"});
  CHECK(fs::is_directory(dir / "runs" / "today"));
  CHECK(none.err.back().find("cannot create the folder") == std::string::npos);
  refused(trace_cli({"record", "-o", "/proc/nope/t", "--", "true"}),
          "-o /proc/nope/t: cannot create the folder /proc/nope: ");
}
