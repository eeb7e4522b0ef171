// Bad command lines, exercises and files: clear lines and exit status 2, never a hang. A
// mistake in the command line is the shared two lines (collscope/cli/command.hpp); one in
// what it names (an exercise, a file, a folder) is the error line alone.
#include "grade_support.hpp"

#include <catch2/catch.hpp>

using namespace collscope::grade::test;

namespace {

/// Exit status 2 and exactly `lines`: "collscope-grade: error: …SAYS…", then for usage
/// errors the hint to --help.
void fails(const std::vector<std::string>& args, const std::string& says, bool usage) {
  const GraderRun run = run_grader(args, 60);
  INFO(run.output);
  CHECK(run.exit_code == 2);
  CHECK(run.output.starts_with("collscope-grade: error: "));
  CHECK(run.output.find(says) != std::string::npos);
  const std::string hint = "\nRun 'collscope-grade --help' for usage.\n";
  CHECK(std::count(run.output.begin(), run.output.end(), '\n') == (usage ? 2 : 1));
  CHECK(run.output.ends_with(hint) == usage);
}

} // namespace

TEST_CASE("user mistakes get the error line naming the problem and exit status 2", "[cli]") {
  const fs::path dir = scratch("cli");
  fails({"nosuch", "x.cpp"}, "collscope-grade: error: no exercise 'nosuch'", false);
  fails({"gather", (dir / "missing.cpp").string()}, "cannot read submission", false);
  fails({"gather", "--batch", (dir / "nowhere").string()}, "no folder", false);
  fails({"gather"}, "expected EXERCISE SUBMISSION.cpp", true);
  fails({"gather", "a.cpp", "--frobnicate"},
        "The following argument was not expected: --frobnicate", true);
  fails({"gather", "a.cpp", "--out"}, "--out: 1 required DIR missing", true);
  fails({"gather", "--batch", "d", "x.cpp"}, "--batch takes EXERCISE and the folder only", true);
  fails({"gather", "a.cpp", "--slurm"}, "--slurm, --partition and --time go with --batch", true);
  fails({"gather", "a.cpp", "--csv", "t.csv"}, "--csv goes with --batch", true);
  fails({}, "expected EXERCISE SUBMISSION.cpp", true);
}

TEST_CASE("the grader's --help, --version and --list", "[cli]") {
  const GraderRun help = run_grader({"--help"}, 60);
  CHECK(help.exit_code == 0);
  CHECK(help.output.starts_with("Usage: collscope-grade EXERCISE SUBMISSION.cpp"));
  for (const char* option : {"--out", "--quick", "--batch", "--slurm", "--unsafe-no-sandbox",
                             "Exit status: 0 graded (whatever the score"})
    CHECK(help.output.find(option) != std::string::npos);
  CHECK(help.output.find("--slurm-task") == std::string::npos); // the job array's own
  const GraderRun version = run_grader({"--version"}, 60);
  CHECK(version.exit_code == 0);
  CHECK(version.output.starts_with("collscope grade "));
  const GraderRun list = run_grader({"--list"}, 60);
  CHECK(list.exit_code == 0);
  for (const char* name : {"gather", "scatter", "bcast_pipeline", "allgather"})
    CHECK(list.output.find(name) != std::string::npos);
}

TEST_CASE("an exercise folder given by path works like a name", "[cli]") {
  const fs::path dir = scratch("cli-path");
  const fs::path skeleton = exercises_dir() / "scatter" / "skeleton.cpp";
  const GraderRun run = run_grader({(exercises_dir() / "scatter").string(), skeleton.string(),
                                    "--out", dir.string(), "--quick", "--quiet"});
  INFO(run.output);
  CHECK(run.exit_code == 0);
  const Graded g = read_graded(dir);
  CHECK(g.score == 0); // the skeleton compiles and scores nothing
  CHECK(g.checks.at("correct").status == "failed");
  CHECK(g.checks.at("rounds").status == "not judged");
}
