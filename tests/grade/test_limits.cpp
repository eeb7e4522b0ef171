// Submissions that deadlock, crash on one rank, loop forever, abort, flood, eat memory or do
// not compile are each graded, within their limits, with a result that names what happened;
// the grader leaves no process behind.
#include "grade_support.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>

using namespace collscope::grade::test;

namespace {

/// Processes still running the binary of a grade under `out`, or its copy in the grader's
/// staging folder (graded as root, the runs execute that one).
int leftover_processes(const fs::path& out) {
  const std::string staging = (fs::temp_directory_path() / "collscope-grade-").string();
  int n = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::error_code ec;
    const std::string exe = fs::read_symlink(entry.path() / "exe", ec).string();
    if (!ec && (exe.rfind(out.string(), 0) == 0 || exe.rfind(staging, 0) == 0)) ++n;
  }
  return n;
}

} // namespace

TEST_CASE("pathological submissions are graded within their limits, by name", "[limits]") {
  struct Expected {
    const char* name;
    const char* says; ///< in report.md
  };
  const std::vector<Expected> expected{
      {"deadlock", "deadlock: rank 0 waits in MPI_Recv from rank 1"},
      {"segfault_one_rank", "rank 1 was killed by signal 11 (Segmentation fault)"},
      {"infinite_loop", "runs your code without calling MPI (an endless loop?)"},
      {"abort", "called MPI_Abort"},
      {"flood", "output flood: more than 512 KB"},
      {"memory_hog", "memory limit exceeded (512 MB per process)"},
      {"compile_error", "does not compile"},
      {"wrong_signature", "No function MY_Gather with the required signature"},
  };
  const fs::path dir = scratch("limits");
  for (const Expected& e : expected)
    fs::copy_file(submissions_dir() / (std::string(e.name) + ".cpp"),
                  dir / (std::string(e.name) + ".cpp"));
  // --smoke (every sweep in one mpirun): the limits and the names of what happened do not
  // depend on the process counts (measured: the same verdicts as --quick, in 124 s instead of
  // 213 s at load 8); a failure kept to its own process count is [hostile_early]'s.
  const fs::path out = dir / "out";
  const GraderRun run =
      run_grader({"gather", "--batch", dir.string(), "--out", out.string(), "--smoke"});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  for (const Expected& e : expected) {
    INFO(e.name);
    const Graded g = read_graded(out / e.name);
    CHECK(g.score == 0);
    INFO(g.report.substr(0, 4000));
    CHECK(g.report.find(e.says) != std::string::npos);
  }
  // The compiler's own message is in the report of the typo.
  CHECK(read_graded(out / "compile_error").report.find("error: expected") != std::string::npos);
  CHECK(leftover_processes(out) == 0);
}

TEST_CASE("a failed case gives a reproduce command that reproduces it", "[limits]") {
  const fs::path dir = scratch("reproduce");
  const fs::path source = exercises_dir() / "gather" / "broken" / "wrong_order_root.cpp";
  const GraderRun run = run_grader({"gather", source.string(), "--out", dir.string(), "--quick"});
  REQUIRE(run.exit_code == 0);
  const std::string report = read_text(dir / "report.md");
  const std::size_t at = report.find("reproduce: `");
  REQUIRE(at != std::string::npos);
  const std::size_t begin = at + 12, end = report.find('`', begin);
  const std::string command = report.substr(begin, end - begin);
  INFO(command);
  // The first failure was reproduced by the grader itself: its trace is complete.
  const std::size_t trace = report.find("trace: `", end);
  REQUIRE(trace != std::string::npos);
  const std::string trace_path = report.substr(trace + 8, report.find('`', trace + 8) - trace - 8);
  CHECK(fs::exists(fs::path(trace_path) / "traces.otf2"));
  // A wrong result needs no synchronous sends to show: nothing is preloaded.
  CHECK(command.find("LD_PRELOAD") == std::string::npos);
  // Running the command again says what the report said, with the block map, and fails.
  const int status =
      std::system((command + " > " + (dir / "again.txt").string() + " 2>&1").c_str());
  CHECK(status != 0);
  const std::string again = read_text(dir / "again.txt");
  INFO(again);
  CHECK(again.find(": wrong — rank 1, recvbuf block 0") != std::string::npos);
  CHECK(again.find("rank 1's receive buffer by block (origin rank; · unwritten): ") !=
        std::string::npos);
  // The report and results.json show where the blocks went: the root (rank 1 of p = 3 in the
  // first failure at p = 3) received the blocks in virtual-rank order, 1, 2, 0.
  CHECK(report.find("- rank 1: `1, 2, 0` (expected `0, 1, 2`)") != std::string::npos);
  const std::string results = read_text(dir / "results.json");
  CHECK(results.find("\"got\": \"1, 2, 0\"") != std::string::npos);
}

TEST_CASE(
    "a rounds failure's reproduce command, pasted as is, traces the rounds the grader counted",
    "[limits]") {
  const fs::path dir = scratch("reproduce-rounds");
  const fs::path source = exercises_dir() / "gather" / "broken" / "linear.cpp";
  const GraderRun run = run_grader({"gather", source.string(), "--out", dir.string(), "--quick"});
  REQUIRE(run.exit_code == 0);
  const std::string report = read_text(dir / "report.md");
  // The last failure listed under the rounds check: the grader did not run it again itself,
  // so its case folder does not exist until the command makes it.
  const std::size_t section = report.find("rounds — failed");
  REQUIRE(section != std::string::npos);
  const std::size_t end_of_section = report.find("\n## ", section);
  const std::size_t item = report.rfind("- **case ", end_of_section);
  REQUIRE(item > section);
  const std::size_t p_at = report.find("p=", item) + 2;
  const int p = std::atoi(report.c_str() + p_at);
  const std::size_t rounds_at = report.find("rounds = ", item) + 9;
  const int rounds = std::atoi(report.c_str() + rounds_at);
  const std::size_t at = report.find("reproduce: `", item) + 12;
  const std::string command = report.substr(at, report.find('`', at) - at);
  INFO(command);
  CHECK(command.find("COLLSCOPE_GRADE_SYNC_SEND") == std::string::npos); // not the sync run
  const std::string trace_key = "COLLSCOPE_TRACE=";
  const std::size_t t = command.find(trace_key) + trace_key.size();
  const fs::path trace = command.substr(t, command.find(' ', t) - t);
  REQUIRE(!fs::exists(trace.parent_path()));
  // Pasted into a shell with nothing of the grader's environment.
  const std::string shell = "env -i PATH=/usr/bin:/bin HOME=" + dir.string() + " sh -c '" +
                            command + "' > " + (dir / "again.txt").string() + " 2>&1";
  CHECK(std::system(shell.c_str()) == 0);
  INFO(read_text(dir / "again.txt"));
  REQUIRE(fs::exists(trace / "traces.otf2"));
  // collscope-trace agrees with the grader on p and rounds (self-copies and the idle rank
  // left out by both).
  const std::string stats = std::string(std::getenv("COLLSCOPE_TRACE_CLI")) + " stats " +
                            trace.string() + " > " + (dir / "stats.txt").string();
  REQUIRE(std::system(stats.c_str()) == 0);
  const std::string text = read_text(dir / "stats.txt");
  INFO(text);
  CHECK(text.find("(p = " + std::to_string(p) + " take part in the algorithm)") !=
        std::string::npos);
  CHECK(text.find("rounds              " + std::to_string(rounds) + " inferred") !=
        std::string::npos);

  // The report also says how to see this case alone in the sweep's trace, which holds every
  // case of its run: pasted as is, collscope-trace shows that case, rounds from 0.
  const int id = std::atoi(report.c_str() + item + 9);
  const std::string alone_key = "case " + std::to_string(id) + " alone, rounds from 0: `";
  const std::size_t alone = report.find(alone_key, item);
  REQUIRE(alone < end_of_section);
  const std::size_t a = alone + alone_key.size();
  const std::string open = report.substr(a, report.find('`', a) - a);
  INFO(open);
  CHECK(open.find(" stats ") != std::string::npos);
  CHECK(open.find(" --call ") != std::string::npos);
  REQUIRE(std::system((open + " --json > " + (dir / "case.json").string()).c_str()) == 0);
  const std::string json = read_text(dir / "case.json");
  INFO(json);
  CHECK(json.find("\"scope\": \"call\"") != std::string::npos);
  CHECK(json.find("\"name\": \"case " + std::to_string(id) + ": gather/submission\"") !=
        std::string::npos);
  CHECK(json.find("\"p\": " + std::to_string(p) + ",") != std::string::npos);
  CHECK(json.find("\"rounds_inferred\": " + std::to_string(rounds) + ",") != std::string::npos);
}
