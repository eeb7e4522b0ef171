// Grading one submission: compile, run the sweeps, judge every check, keep what the reports
// need. The reports (report_*.cpp, results_json.cpp, junit.cpp) only read a Grade.
#pragma once

#include "compile.hpp"
#include "exercise.hpp"
#include "patterns.hpp"
#include "progress.hpp"
#include "runner.hpp"
#include "sandbox.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace collscope::grade {

struct FailedCase {
  const CaseRecord* record = nullptr;
  Mode mode = Mode::main;
  std::string what;       ///< "wrong result: …", "rounds 6 > 3 = clog2(p)", …
  std::string reproduce;  ///< the exact command
  std::string trace;      ///< the archive holding the case (a path alone, it pastes), or ""
  std::string trace_note; ///< what it is ("every case of its run", "incomplete: …"), or why
                          ///< there is none
  /// Commands that show this case alone, rounds from 0 (`collscope stats` and the app,
  /// each with --call N); empty when the trace's case is not known.
  std::vector<std::string> open;
  int call = -1; ///< that call of `trace` (what `open` opens; report.html draws it), or -1
};

/// The commands of FailedCase::open for call `call` of `trace` (none if call < 0): `collscope
/// stats` and `collscope` (the app) of the grader's own tree, paths quoted for a shell.
std::vector<std::string> open_case_commands(const std::filesystem::path& trace, int call);
/// The front end of the grader's tree, PREFIX/bin/collscope, by its full path (quoted for a shell).
std::string front_end_command();

struct CheckResult {
  const CheckSpec* spec = nullptr;
  enum class Status { passed, failed, not_judged } status = Status::not_judged;
  double points = 0;
  int judged = 0, failed = 0;
  std::string summary;                ///< one line
  std::vector<std::string> diagnosis; ///< patterns, hints, named failures
  std::vector<FailedCase> failures;
  /// The separating pattern printed in the diagnosis, if any, and the cases it was drawn
  /// from (results.json lists them, so that the pattern can be checked against them).
  std::optional<Pattern> pattern;
  struct PatternCase {
    Case c;
    bool failed = false; ///< failed the check (else passed it)
  };
  std::vector<PatternCase> pattern_cases;
  /// The case the hint is about (report.html draws it first), or -1.
  int hint_case = -1;
  std::vector<std::string> header; ///< the check's table
  std::vector<std::vector<std::string>> rows;
};

const char* to_string(CheckResult::Status status);

struct Grade {
  const Exercise* exercise = nullptr;
  std::filesystem::path submission, out;
  bool quick = false;
  CompileResult compile;
  std::vector<CaseRecord> main, sync;
  std::vector<TimingRecord> timings;
  std::optional<Failure> speed_failure;
  std::vector<std::string> notes;
  std::vector<CheckResult> checks;
  int forged_lines = 0; ///< lines of the runs' logs the harness did not write
  std::vector<std::string> forged_samples;
  bool sandboxed = true;
  double score = 0, max_score = 0, seconds = 0;
  std::string date;
};

/// Everything for one submission; the reports are written by write_reports.
Grade grade_submission(const Exercise& exercise, const Toolchain& tools, const Sandbox& sandbox,
                       const std::filesystem::path& source, const std::filesystem::path& out,
                       bool quick, Progress& progress);

/// Judges the checks of a graded (compiled) submission; fills grade.checks and the score.
void judge(Grade& grade, const Runner& runner);

/// report.md, report.html, results.json, junit.xml in grade.out.
void write_reports(const Grade& grade);

} // namespace collscope::grade
