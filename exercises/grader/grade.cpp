#include "grade.hpp"

#include "sweep.hpp"

#include <chrono>
#include <ctime>
#include <fstream>
#include <set>

namespace collscope::grade {

namespace {

std::string now_text() {
  const std::time_t t = std::time(nullptr);
  char text[64];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", std::localtime(&t));
  return text;
}

void not_compiled(Grade& g) {
  g.max_score = g.exercise->max_points();
  for (const CheckSpec& spec : g.exercise->checks) {
    CheckResult r;
    r.spec = &spec;
    r.status = CheckResult::Status::failed;
    r.summary = "the submission does not compile";
    r.diagnosis.push_back(g.compile.hint);
    g.checks.push_back(r);
  }
}

std::string count_text(const std::vector<CaseRecord>& records) {
  int ok = 0;
  for (const CaseRecord& r : records) ok += r.outcome == Outcome::ok;
  return std::to_string(ok) + " of " + std::to_string(records.size()) + " cases ok";
}

/// Runs the first failing case of each failed check once more, alone, with a trace of its
/// own to open in the app (at most `budget` runs).
void reproduce_first_failures(Grade& g, const Runner& runner, int budget) {
  std::set<std::string> done;
  for (CheckResult& check : g.checks) {
    if (check.failures.empty() || budget <= 0) continue;
    FailedCase& f = check.failures.front();
    // A case that ended its run would end the reproduce run too: its trace stays incomplete.
    if (ends_run(f.record->outcome) || f.record->outcome == Outcome::not_run) continue;
    const bool sync = f.mode == Mode::sync;
    const std::string key = std::to_string(f.record->c.id) + (sync ? "s" : "");
    const fs::path dir =
        g.out / "cases" / ("case-" + std::to_string(f.record->c.id) + (sync ? "-sync" : ""));
    if (!done.count(key)) {
      --budget;
      done.insert(key);
      runner.reproduce(f.record->c, f.mode, dir);
    }
    fs::path partial = dir / "trace";
    partial += ".partial";
    if (fs::exists(dir / "trace" / "traces.otf2")) {
      f.trace = (dir / "trace").string();
      f.trace_note = "the reproduce run";
      f.call = case_call(dir / "trace", f.record->c.id);
      f.open = open_case_commands(dir / "trace", f.call);
    } else if (fs::exists(partial)) {
      f.trace = partial.string();
      f.trace_note = "incomplete: the reproduce run ended early, as in the sweep";
      f.open.clear();
      f.call = -1;
    }
  }
}

void keep_notes(Grade& g, const SweepResult& result, const std::string& prefix) {
  for (const std::string& note : result.notes) g.notes.push_back(prefix + note);
  g.forged_lines += result.forged_lines;
  for (const std::string& s : result.forged_samples)
    if (g.forged_samples.size() < 3) g.forged_samples.push_back(s);
}

} // namespace

Grade grade_submission(const Exercise& ex, const Toolchain& tools, const Sandbox& sandbox,
                       const fs::path& source, const fs::path& out, bool quick,
                       Progress& progress) {
  const auto start = std::chrono::steady_clock::now();
  Grade g;
  g.exercise = &ex;
  g.submission = fs::absolute(source);
  g.out = fs::absolute(out);
  g.quick = quick;
  g.sandboxed = sandbox.enabled;
  g.date = now_text();
  fs::create_directories(g.out);
  // Files of an earlier grade in the same folder must not pass for this one's (a build
  // folder only when it is one of ours: the output folder may be any folder).
  for (const char* old : {"runs", "cases", ".sandbox", "results.json", "report.md", "report.html",
                          "junit.xml", "runtime.svg"})
    fs::remove_all(g.out / old);
  if (fs::exists(g.out / "build" / "glue.cpp")) fs::remove_all(g.out / "build");
  const fs::path binary = g.out / "build" / "submission";
  const Staging staging(sandbox, g.out);

  progress.phase("compile", 0);
  g.compile = compile_submission(ex, tools, sandbox, staging, g.submission, binary);
  progress.done(g.compile.ok ? "ok" : "FAILED: does not compile");
  // Inside the sandbox: the binary and the libraries it needs, read-only; the output folder
  // otherwise hidden.
  const fs::path runnable = g.compile.ok ? staging.runnable(binary) : binary;
  Sandbox inner = sandbox;
  inner.readable.push_back(runnable);
  const Runner runner(ex, tools, inner, staging, g.out, binary, runnable);
  if (!g.compile.ok) {
    not_compiled(g);
  } else {
    const std::vector<Case> main = main_cases(ex.sweep);
    progress.phase("correctness", static_cast<int>(main.size()));
    SweepResult result = runner.run("main", main, Mode::main, [&](int n) { progress.progress(n); });
    g.main = std::move(result.cases);
    keep_notes(g, result, "");
    progress.done(count_text(g.main));

    std::set<int> correct;
    for (const CaseRecord& r : g.main)
      if (r.outcome == Outcome::ok && r.c.count > 0 && r.c.p > 1) correct.insert(r.c.id);
    std::vector<Case> sync;
    for (const Case& c : sync_cases(ex.sync_sweep, main))
      if (correct.count(c.id)) sync.push_back(c);
    if (!sync.empty() && ex.check_of_kind("sync_send")) {
      progress.phase("synchronous send", static_cast<int>(sync.size()));
      result = runner.run("sync", sync, Mode::sync, [&](int n) { progress.progress(n); });
      g.sync = std::move(result.cases);
      keep_notes(g, result, "synchronous sends: ");
      progress.done(count_text(g.sync));
    }

    // Speed is judged when the submission got some case right (see judge_speed).
    if (ex.check_of_kind("speed") != nullptr && !correct.empty()) {
      const std::vector<Case> timing = speed_cases(ex.speed, timing_processes(ex.speed));
      progress.phase("speed", static_cast<int>(timing.size()));
      result = runner.run("speed", timing, Mode::speed, [&](int n) { progress.progress(n); });
      g.timings = std::move(result.timings);
      g.speed_failure = result.failure;
      keep_notes(g, result, "speed: ");
      progress.done(result.failure ? "FAILED: " + result.failure->what : "done");
    }
    judge(g, runner);
    progress.phase("failure traces", 0);
    reproduce_first_failures(g, runner, 4);
    progress.done("done");
  }
  g.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return g;
}

} // namespace collscope::grade
