// The checks that judge outcomes: correct, sync_send, no_collectives; and the dispatch,
// gating and scoring of all checks (bounds and speed: judge_bounds.cpp).
#include "grade.hpp"
#include "judge_detail.hpp"
#include "patterns.hpp"
#include "policy.hpp"
#include "report_text.hpp"
#include "sweep.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

namespace collscope::grade {

const char* to_string(CheckResult::Status status) {
  switch (status) {
  case CheckResult::Status::passed:
    return "passed";
  case CheckResult::Status::failed:
    return "failed";
  case CheckResult::Status::not_judged:
    return "not judged";
  }
  return "?";
}

namespace detail {

std::string outcome_text(const CaseRecord& r) {
  std::string text = to_string(r.outcome);
  if (!r.detail.empty()) text += ": " + r.detail;
  return text;
}

void finish(CheckResult& result, const std::vector<const Case*>& failing,
            const std::vector<const Case*>& passing, const std::string& noun) {
  result.judged = static_cast<int>(failing.size() + passing.size());
  result.failed = static_cast<int>(failing.size());
  if (result.judged == 0) {
    result.status = CheckResult::Status::not_judged;
    result.summary = "not judged: no case to judge (it needs cases your submission got right)";
    return;
  }
  result.status = failing.empty() ? CheckResult::Status::passed : CheckResult::Status::failed;
  result.summary = std::to_string(result.judged - result.failed) + " of " +
                   std::to_string(result.judged) + " " + noun;
  if (failing.empty()) return;
  // The pattern must hold for every failing case and for no passing one (README: "Hints").
  for (const Case* c : failing) result.pattern_cases.push_back({*c, true});
  for (const Case* c : passing) result.pattern_cases.push_back({*c, false});
  result.pattern = separating_pattern(failing, passing);
  if (result.pattern)
    result.diagnosis.insert(result.diagnosis.begin(), result.pattern->text);
  else if (const std::string partial = partial_pattern(failing, passing); !partial.empty())
    result.diagnosis.insert(result.diagnosis.begin(), partial);
}

void add_unrun(CheckResult& result, int unrun, int total) {
  if (unrun == 0) return;
  if (result.status == CheckResult::Status::passed) result.status = CheckResult::Status::failed;
  const std::string text = std::to_string(unrun) + " of " + std::to_string(total) +
                           " cases not run (see why in the table); a case not run is not passed";
  if (result.judged == 0) {
    result.status = CheckResult::Status::not_judged;
    result.summary = "not measured: " + text;
  } else {
    result.summary += "; " + text;
  }
}

void per_p_table(CheckResult& result, const std::vector<std::pair<const CaseRecord*, bool>>& judged,
                 const std::map<const CaseRecord*, std::string>& why, const Exercise& exercise) {
  result.header = {"p", "cases", "passed", "failed", "not run", "first failure"};
  std::map<int, std::vector<std::pair<const CaseRecord*, bool>>> by_p;
  for (const auto& entry : judged) by_p[entry.first->c.p].push_back(entry);
  for (const auto& [p, entries] : by_p) {
    int ok = 0, unrun = 0;
    std::string first, first_unrun;
    for (const auto& [record, passed] : entries) {
      ok += passed;
      const bool ran = record->outcome != Outcome::not_run;
      unrun += !ran;
      std::string& slot = ran ? first : first_unrun;
      if (!passed && slot.empty())
        slot = describe(record->c, exercise) + ": " +
               (why.count(record) ? why.at(record) : std::string());
    }
    if (first.empty()) first = first_unrun;
    result.rows.push_back({std::to_string(p), std::to_string(entries.size()), std::to_string(ok),
                           std::to_string(entries.size() - static_cast<std::size_t>(ok + unrun)),
                           std::to_string(unrun), shortened(first, 160)});
  }
}

} // namespace detail

namespace {

using namespace detail;

CheckResult judge_correct(const Grade& g, const CheckSpec& spec) {
  CheckResult result;
  result.spec = &spec;
  std::vector<const Case*> failing, passing;
  std::vector<std::pair<const CaseRecord*, bool>> judged;
  std::map<const CaseRecord*, std::string> why;
  std::map<Outcome, int> kinds;
  int unrun = 0;
  for (const CaseRecord& r : g.main) {
    const bool ok = r.outcome == Outcome::ok;
    judged.emplace_back(&r, ok);
    if (r.outcome == Outcome::not_run) {
      ++unrun; // neither right nor wrong: no pattern is drawn from it
      why[&r] = outcome_text(r);
      result.failures.push_back({&r, Mode::main, outcome_text(r), {}, {}, {}, {}});
      continue;
    }
    (ok ? passing : failing).push_back(&r.c);
    if (ok) continue;
    ++kinds[r.outcome];
    why[&r] = outcome_text(r);
    result.failures.push_back({&r, Mode::main, outcome_text(r), {}, {}, {}, {}});
  }
  finish(result, failing, passing, "cases byte-exact against native MPI on every rank");
  add_unrun(result, unrun, static_cast<int>(g.main.size()));
  if (g.forged_lines > 0) {
    result.status = CheckResult::Status::failed;
    std::string samples;
    for (const std::string& s : g.forged_samples) samples += "\n    " + s;
    result.diagnosis.insert(result.diagnosis.begin(),
                            "Tampering: the runs' logs hold " + std::to_string(g.forged_lines) +
                                " line(s) the harness did not write (they lack the run's "
                                "secret signature); they were ignored:" +
                                samples);
  }
  if (threatens(g.compile.policy, "correct")) {
    result.status = CheckResult::Status::failed;
    result.diagnosis.insert(result.diagnosis.begin(),
                            "Not accepted: the submission replaces or calls the harness's own "
                            "functions (see the policy check), so its verdicts cannot be "
                            "trusted.");
  }
  for (const auto& [outcome, n] : kinds)
    if (ends_run(outcome))
      result.diagnosis.push_back(std::to_string(n) + (n == 1 ? " case " : " cases ") +
                                 to_string(outcome) +
                                 ": the run was stopped and resumed after it.");
  per_p_table(result, judged, why, *g.exercise);
  return result;
}

CheckResult judge_sync(const Grade& g, const CheckSpec& spec) {
  CheckResult result;
  result.spec = &spec;
  std::vector<const Case*> failing, passing;
  std::vector<std::pair<const CaseRecord*, bool>> judged;
  std::map<const CaseRecord*, std::string> why;
  bool deadlock = false;
  int unrun = 0;
  for (const CaseRecord& r : g.sync) {
    const bool ok = r.outcome == Outcome::ok;
    judged.emplace_back(&r, ok);
    if (r.outcome == Outcome::not_run) {
      ++unrun;
      why[&r] = outcome_text(r);
      continue;
    }
    (ok ? passing : failing).push_back(&r.c);
    if (ok) continue;
    deadlock = deadlock || r.outcome == Outcome::hung;
    why[&r] = outcome_text(r);
    result.failures.push_back(
        {&r, Mode::sync, "with synchronous MPI_Send: " + outcome_text(r), {}, {}, {}, {}});
  }
  if (deadlock)
    result.diagnosis.push_back(
        "Deadlock once MPI_Send is synchronous: the submission relies on MPI buffering its "
        "messages (the eager protocol, which Open MPI uses for small messages). The MPI standard "
        "lets MPI_Send block until the receive is posted; order sends and receives so that every "
        "send meets a posted receive, or use MPI_Sendrecv / nonblocking calls.");
  finish(result, failing, passing, "cases still correct with MPI_Send made synchronous");
  add_unrun(result, unrun, static_cast<int>(g.sync.size()));
  policy_verdict(g, result, "sync_send");
  per_p_table(result, judged, why, *g.exercise);
  return result;
}

CheckResult judge_collectives(const Grade& g, const CheckSpec& spec) {
  CheckResult result;
  result.spec = &spec;
  std::vector<const Case*> failing, passing;
  std::vector<std::pair<const CaseRecord*, bool>> judged;
  std::map<const CaseRecord*, std::string> why;
  std::set<std::string> seen;
  for (const CaseRecord& r : g.main) {
    if (!right(r)) continue;
    std::vector<std::string> calls;
    if (r.metrics) calls = r.metrics->collectives;
    if (r.banned != "-") calls.push_back(r.banned + " (not traced; seen by the harness)");
    if (!r.metrics && r.banned == "-") continue; // no trace of this case: nothing to judge
    const bool ok = calls.empty();
    (ok ? passing : failing).push_back(&r.c);
    judged.emplace_back(&r, ok);
    if (ok) continue;
    std::string list;
    for (const std::string& c : calls) list += (list.empty() ? "" : ", ") + c;
    why[&r] = "called " + list;
    for (const std::string& c : calls) seen.insert(c.substr(0, c.find(' ')));
    result.failures.push_back({&r, Mode::main, "called " + list, {}, {}, {}, {}});
  }
  finish(result, failing, passing, "cases use point-to-point communication only");
  if (result.judged == 0 && std::any_of(g.main.begin(), g.main.end(), right))
    result.summary = "not measured: no right case has a complete trace (its run ended early)";
  policy_verdict(g, result, "no_collectives");
  if (!seen.empty()) {
    std::string list;
    for (const std::string& s : seen) list += (list.empty() ? "" : ", ") + s;
    result.diagnosis.push_back("The trace shows calls of " + list + ". Implement " +
                               g.exercise->function +
                               " with point-to-point messages only: the "
                               "collective itself, every other collective (barriers and "
                               "communicator creation included) and one-sided communication are "
                               "off limits.");
  }
  per_p_table(result, judged, why, *g.exercise);
  return result;
}

/// The trace to open for a failed case: the sweep's archive if its run completed (with the
/// commands that show the case alone), else what the tracer left of the run that was stopped,
/// else where the reproduce command writes one.
void trace_of(FailedCase& f, const CaseRecord& r, const fs::path& reproduced) {
  if (!r.trace.empty()) {
    f.trace = r.trace.string();
    f.trace_note = "every case of its run";
    f.call = r.metrics ? r.metrics->call : -1;
    f.open = open_case_commands(r.trace, f.call);
    return;
  }
  fs::path partial = r.run_dir / "trace";
  partial += ".partial";
  if (!r.run_dir.empty() && ends_run(r.outcome) && fs::exists(partial)) {
    std::ifstream why(partial / "INCOMPLETE");
    std::string reason;
    std::getline(why, reason);
    f.trace = partial.string();
    f.trace_note = "incomplete" + (reason.empty() ? "" : ": " + reason);
    return;
  }
  f.trace_note = "none from the sweep (the run ended early or was untraced); the reproduce "
                 "command writes " +
                 reproduced.string();
}

} // namespace

void judge(Grade& g, const Runner& runner) {
  g.checks.clear();
  g.score = 0;
  g.max_score = g.exercise->max_points();
  for (const CheckSpec& spec : g.exercise->checks) {
    CheckResult r = spec.kind == "correct"          ? judge_correct(g, spec)
                    : spec.kind == "sync_send"      ? judge_sync(g, spec)
                    : spec.kind == "no_collectives" ? judge_collectives(g, spec)
                    : spec.kind == "bound"          ? judge_bound(g, spec)
                    : spec.kind == "policy"         ? judge_policy(g, spec)
                                                    : judge_speed(g, spec);
    r.points = r.status == CheckResult::Status::passed ? spec.points : 0;
    for (FailedCase& f : r.failures) {
      const bool sync = f.mode == Mode::sync;
      const fs::path trace = g.out / "cases" /
                             ("case-" + std::to_string(f.record->c.id) + (sync ? "-sync" : "")) /
                             "trace";
      f.reproduce = runner.reproduce_command(f.record->c, f.mode, trace);
      trace_of(f, *f.record, trace);
      if (sync)
        for (const CaseRecord& normal : g.main)
          if (normal.c.id == f.record->c.id && !normal.trace.empty()) {
            f.trace = normal.trace.string();
            f.trace_note = "the normal run; with synchronous sends it never completed";
            f.call = normal.metrics ? normal.metrics->call : -1;
            f.open = open_case_commands(normal.trace, f.call);
          }
    }
    g.score += r.points;
    g.checks.push_back(std::move(r));
  }
}

} // namespace collscope::grade
