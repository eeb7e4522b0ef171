// Bad command lines, exercises and files: one clear line and exit status 2, never a hang.
#include "grade_support.hpp"

#include <catch2/catch.hpp>

using namespace collscope::grade::test;

TEST_CASE("user mistakes get one line naming the problem and exit status 2", "[cli]") {
  const fs::path dir = scratch("cli");
  const auto fails = [&](const std::vector<std::string>& args, const std::string& says) {
    const GraderRun run = run_grader(args, 60);
    INFO(run.output);
    CHECK(run.exit_code == 2);
    CHECK(run.output.find(says) != std::string::npos);
    CHECK(std::count(run.output.begin(), run.output.end(), '\n') <= 1);
  };
  fails({"nosuch", "x.cpp"}, "collscope-grade: error: no exercise 'nosuch'");
  fails({"gather", (dir / "missing.cpp").string()}, "cannot read submission");
  fails({"gather"}, "expected EXERCISE SUBMISSION.cpp");
  fails({"gather", "a.cpp", "--frobnicate"}, "unknown option '--frobnicate'");
  fails({"gather", "--batch", (dir / "nowhere").string()}, "no folder");
  fails({"gather", "a.cpp", "--out"}, "option --out needs a value");
  CHECK(run_grader({}, 60).exit_code == 2);
}

TEST_CASE("--help and --list", "[cli]") {
  const GraderRun help = run_grader({"--help"}, 60);
  CHECK(help.exit_code == 0);
  CHECK(help.output.find("usage: collscope-grade EXERCISE SUBMISSION.cpp") != std::string::npos);
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
