// Running collscope-grade from tests and reading what it wrote.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace collscope::grade::test {

namespace fs = std::filesystem;

struct GraderRun {
  int exit_code = -1;
  std::string output;
  double seconds = 0;
};

fs::path exercises_dir();
fs::path submissions_dir();
/// A fresh, empty folder for one test under the build tree.
fs::path scratch(const std::string& name);

/// Runs collscope-grade with `args` (at most `limit` seconds), `environment` added.
GraderRun run_grader(const std::vector<std::string>& args, double limit = 390,
                     const std::vector<std::string>& environment = {});

struct CheckOutcome {
  double score = 0, max_score = 0;
  std::string status; ///< passed, failed, not judged
};

struct Graded {
  double score = 0, max_score = 0, seconds = 0;
  std::map<std::string, CheckOutcome> checks; ///< by check id
  std::string report;                         ///< report.md
};

/// Reads DIR/results.json and DIR/report.md.
Graded read_graded(const fs::path& dir);

/// A submission that must pass: every check but speed passed; speed was measured (passed or
/// failed, not "not judged"), its verdict don't-care, since it is wall-clock time against
/// native MPI on shared cores (bench/ measures speed); the score is the points of the checks
/// that passed. Returns the points speed lost (0 or its points).
double check_passed_but_speed(const Graded& g);

std::string read_text(const fs::path& file);

} // namespace collscope::grade::test
