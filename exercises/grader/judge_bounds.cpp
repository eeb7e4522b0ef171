// The checks that judge numbers: bound (a value of the trace or the heap against a formula
// of the exercise) and speed (against native MPI in the same run).
#include "judge_detail.hpp"
#include "patterns.hpp"
#include "sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace collscope::grade {

namespace {

bool needs_trace(const CheckSpec& spec) {
  static const std::set<std::string> traced{
      "rounds",        "bytes_max_per_rank", "bytes_sent_max", "bytes_recv_max",
      "msgs_recv_max", "msgs_sent_max",      "messages"};
  for (const Expr* e : {&spec.value, &spec.bound, &spec.when})
    for (const std::string& v : e->variables())
      if (traced.count(v)) return true;
  return false;
}

Env full_env(const Exercise& ex, const CaseRecord& r) {
  Env env = case_env(ex, r.c);
  const Metrics m = r.metrics.value_or(Metrics{});
  env["rounds"] = m.rounds;
  env["bytes_max_per_rank"] = static_cast<double>(m.bytes_max_per_rank);
  env["bytes_sent_max"] = static_cast<double>(m.bytes_sent_max);
  env["bytes_recv_max"] = static_cast<double>(m.bytes_recv_max);
  env["msgs_recv_max"] = m.msgs_recv_max;
  env["msgs_sent_max"] = m.msgs_sent_max;
  env["messages"] = m.messages;
  env["heap_peak"] = static_cast<double>(r.heap_peak);
  env["heap_live"] = static_cast<double>(r.heap_live);
  for (const auto& [name, expr] : ex.defines) env[name] = expr.eval(env);
  return env;
}

std::string seconds_text(double s) {
  char text[32];
  if (s >= 1e-3)
    std::snprintf(text, sizeof text, "%.3f ms", s * 1e3);
  else
    std::snprintf(text, sizeof text, "%.1f µs", s * 1e6);
  return text;
}

} // namespace

using detail::finish;

CheckResult judge_bound(const Grade& g, const CheckSpec& spec) {
  CheckResult result;
  result.spec = &spec;
  const Exercise& ex = *g.exercise;
  const bool traced = needs_trace(spec);
  std::vector<const Case*> failing, passing;
  struct Row {
    int judged = 0, passed = 0;
    double worst_value = 0, worst_bound = 0, worst_margin = -1e300;
    std::string at;
  };
  std::map<int, Row> rows;
  const CaseRecord* worst = nullptr;
  double worst_margin = -1e300;
  int right_cases = 0;
  for (const CaseRecord& r : g.main) {
    if (!detail::right(r) || (traced && !r.metrics)) continue;
    ++right_cases;
    const Env env = full_env(ex, r);
    if (!spec.when.empty() && spec.when.eval(env) == 0) continue;
    const double v = spec.value.eval(env), b = spec.bound.eval(env);
    const bool ok = v <= b + 1e-9 * std::max(1.0, std::fabs(b));
    (ok ? passing : failing).push_back(&r.c);
    Row& row = rows[r.c.p];
    row.judged += 1;
    row.passed += ok;
    const double margin = (v - b) / std::max(1.0, std::fabs(b));
    if (margin > row.worst_margin) row = {row.judged, row.passed, v, b, margin, describe(r.c)};
    if (ok) continue;
    if (margin > worst_margin) worst_margin = margin, worst = &r;
    const std::vector<std::string> names = spec.value.variables();
    const bool heap = std::find(names.begin(), names.end(), "heap_peak") != names.end();
    const std::string where = heap ? " (on rank " + std::to_string(r.heap_peak_rank) + ")" : "";
    result.failures.push_back({&r,
                               Mode::main,
                               spec.value.text() + " = " + format_number(v) + " > " +
                                   spec.bound.text() + " = " + format_number(b) + where,
                               {},
                               {}});
  }
  finish(result, failing, passing, "cases within " + spec.value.text() + " ≤ " + spec.bound.text());
  if (result.judged == 0 && right_cases > 0) {
    // Right cases exist, the check applies to none of them: nothing can violate it.
    result.status = CheckResult::Status::passed;
    result.summary = "applies to none of the " + std::to_string(right_cases) + " right cases (" +
                     spec.when.text() + ")";
  }
  if (worst && !spec.hint.empty()) // the numbers first, the pattern after them
    result.diagnosis.insert(result.diagnosis.begin(), render_hint(spec.hint, full_env(ex, *worst)) +
                                                          " (at " + describe(worst->c) + ")");
  result.header = {
      "p", "judged", "passed", spec.value.text() + " (worst)", spec.bound.text(), "worst case"};
  for (const auto& [p, row] : rows)
    result.rows.push_back({std::to_string(p), std::to_string(row.judged),
                           std::to_string(row.passed), format_number(row.worst_value),
                           format_number(row.worst_bound), row.at});
  return result;
}

CheckResult judge_speed(const Grade& g, const CheckSpec& spec) {
  CheckResult result;
  result.spec = &spec;
  const SpeedSpec& s = g.exercise->speed;
  result.header = {"count", "bytes per rank", "yours (median)", "native (median)", "ratio"};
  if (std::none_of(g.main.begin(), g.main.end(), detail::right)) {
    result.summary = "not judged: no case to judge (it needs cases your submission got right)";
    return result;
  }
  std::vector<double> ratios;
  for (const TimingRecord& t : g.timings) {
    if (t.median_native <= 0 || t.median_yours <= 0) continue;
    const double ratio = t.median_yours / t.median_native;
    ratios.push_back(ratio);
    const int bytes = t.c.count * (t.c.dtype == Dtype::int_ ? 4 : 8);
    result.rows.push_back({std::to_string(t.c.count), std::to_string(bytes),
                           seconds_text(t.median_yours), seconds_text(t.median_native),
                           format_number(std::round(ratio * 100) / 100)});
  }
  result.judged = static_cast<int>(ratios.size());
  if (g.speed_failure) {
    result.status = CheckResult::Status::failed;
    result.summary = "the timing run failed: " + g.speed_failure->what;
    return result;
  }
  if (ratios.empty()) {
    result.summary = "not judged: no timing";
    return result;
  }
  std::vector<double> sorted = ratios;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  const double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const bool ok = median <= s.tolerance;
  result.status = ok ? CheckResult::Status::passed : CheckResult::Status::failed;
  result.failed = ok ? 0 : 1;
  char text[200];
  std::snprintf(text, sizeof text,
                "median over %zu message sizes of (your median time / native median time) = %.2f "
                "(tolerance %.2f) at p=%d",
                n, median, s.tolerance, s.p);
  result.summary = text;
  result.diagnosis.push_back(
      "Timed ReproMPI-style: a barrier before each call, which lasts from the first rank's "
      "start to the last rank's end; yours and native alternating, " +
      std::to_string(s.repetitions) +
      " repetitions per size, medians compared. On a shared, oversubscribed machine such "
      "times are noisy: this check is a guideline with a generous tolerance, not a benchmark.");
  if (!ok)
    result.diagnosis.push_back("Your implementation is much slower than the native collective: "
                               "look for extra copies, waiting, or sleeping in your code.");
  return result;
}

} // namespace collscope::grade
