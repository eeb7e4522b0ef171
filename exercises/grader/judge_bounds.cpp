// The checks that judge numbers: bound (a value of the trace or the heap against a formula
// of the exercise) and speed (against native MPI in the same run).
#include "judge_detail.hpp"
#include "notation.hpp"
#include "patterns.hpp"
#include "shape.hpp"
#include "sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace collscope::grade {

namespace {

/// Whether the check uses one of `names`, directly or through the exercise's `define`s.
bool uses(const Exercise& ex, const CheckSpec& spec, const std::set<std::string>& names) {
  std::set<std::string> reaching = names;
  // Defines come in order and use only earlier names: one pass finds every define that
  // reaches a name of the set.
  for (const auto& [name, expr] : ex.defines)
    for (const std::string& v : expr.variables())
      if (reaching.count(v)) reaching.insert(name);
  for (const Expr* e : {&spec.value, &spec.bound, &spec.when})
    for (const std::string& v : e->variables())
      if (reaching.count(v)) return true;
  return false;
}

bool needs_trace(const Exercise& ex, const CheckSpec& spec) {
  return uses(ex, spec,
              {"rounds", "bytes_max_per_rank", "bytes_sent_max", "bytes_recv_max", "msgs_recv_max",
               "msgs_sent_max", "messages", "msg_bytes_max", "model_time"});
}

bool needs_heap(const Exercise& ex, const CheckSpec& spec) {
  return uses(ex, spec, {"heap_peak", "heap_live"});
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
  env["msg_bytes_max"] = static_cast<double>(m.msg_bytes_max);
  env["model_time"] = m.model_time;
  env["heap_peak"] = static_cast<double>(r.heap_peak);
  env["heap_live"] = static_cast<double>(r.heap_live);
  for (const auto& [name, expr] : ex.defines) env[name] = expr.eval(env);
  return env;
}

/// The bound's allowance: what it still grants when nothing is sent (count 0), if it grows
/// with the count — the 1024 of "ceil(p / 2) * block_extent + 1024". 0 for a bound that does
/// not depend on the count (rounds ≤ ⌈log₂p⌉ has no allowance).
double allowance(const Exercise& ex, const CheckSpec& spec, const Env& env) {
  Env zero = env;
  for (const char* name : {"count", "block_bytes", "block_extent", "m"}) zero[name] = 0;
  for (const auto& [name, expr] : ex.defines) zero[name] = expr.eval(zero);
  const double at_zero = spec.bound.eval(zero);
  return std::fabs(at_zero - spec.bound.eval(env)) > 1e-9 ? std::max(0.0, at_zero) : 0.0;
}

std::string seconds_text(double s) {
  char text[32];
  if (s >= 1e-3)
    std::snprintf(text, sizeof text, "%.3f ms", s * 1e3);
  else
    std::snprintf(text, sizeof text, "%.1f µs", s * 1e6);
  return text;
}

/// The hint for the worst failing case at the largest p: a hint is printed only when what it
/// says holds for this case's own trace. Receive-before-send serialisation first (a rounds
/// hint about the algorithm's shape would advise what the code already does); then the
/// exercise's first hint whose `when` and `diagnosis` hold, with the trace's evidence; then the
/// grader's own diagnoses; else, on a rounds bound, only what was measured (the report's figure
/// shows it).
std::string choose_hint(const CheckSpec& spec, const CaseRecord& worst, const Env& env,
                        const std::string& measured, bool rounds) {
  const Shape* shape = worst.metrics ? &worst.metrics->shape : nullptr;
  if (rounds && shape)
    if (const std::string text = builtin_rounds_hint(*shape, true); !text.empty())
      return measured + text;
  for (const CheckSpec::Hint& h : spec.hints) {
    if (!h.when.empty() && h.when.eval(env) == 0) continue;
    if (h.diagnosis.empty()) return render_hint(h.text, env);
    if (!shape || !holds(*shape, h.diagnosis)) continue;
    return render_hint(h.text, env) + " In this case's trace " + evidence(*shape, h.diagnosis) +
           ".";
  }
  if (!rounds || !shape) return {};
  if (const std::string text = builtin_rounds_hint(*shape, false); !text.empty())
    return measured + text;
  return measured + measured_text(*shape) + " (report.html#figure-" + spec.id + "-case-" +
         std::to_string(worst.c.id) + ").";
}

} // namespace

using detail::finish;

CheckResult judge_bound(const Grade& g, const CheckSpec& spec) {
  CheckResult result;
  result.spec = &spec;
  const Exercise& ex = *g.exercise;
  const bool traced = needs_trace(ex, spec);
  // Shown in the lecture's notation (⌈log₂p⌉, not clog2(p)).
  const std::string value_text = lecture_notation(spec.value.text());
  const std::string bound_text = lecture_notation(spec.bound.text());
  std::vector<const Case*> failing, passing, hidden;
  std::string hidden_example;
  double hidden_allowance = 0;
  struct Row {
    int judged = 0, passed = 0;
    double worst_value = 0, worst_bound = 0, worst_margin = -1e300;
    std::string at;
  };
  std::map<int, Row> rows;
  const CaseRecord* worst = nullptr;
  double worst_margin = -1e300;
  int right_cases = 0, unmeasured = 0;
  for (const CaseRecord& r : g.main) {
    if (!detail::right(r)) continue;
    if (traced && !r.metrics) {
      ++unmeasured; // its run ended early: no complete trace, no measurement
      continue;
    }
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
    if (margin > row.worst_margin) row = {row.judged, row.passed, v, b, margin, describe(r.c, ex)};
    if (const double a = ok ? allowance(ex, spec, env) : 0; a > 0 && v > b - a + 1e-9) {
      // Within the bound only thanks to the allowance: maybe the same excess, at a smaller count.
      hidden.push_back(&r.c);
      hidden_allowance = a;
      if (hidden_example.empty())
        hidden_example = describe(r.c, ex) + ": " + value_text + " = " + format_number(v) + " > " +
                         format_number(b - a) + " without the allowance";
    }
    if (ok) continue;
    // The hint's case: at the largest failing p, where a mistake shows clearest (a staircase
    // of 9 rounds at p = 8 is one of 3 at p = 3), the worst there.
    if (!worst || r.c.p > worst->c.p || (r.c.p == worst->c.p && margin > worst_margin))
      worst_margin = margin, worst = &r;
    const std::vector<std::string> names = spec.value.variables();
    const bool heap = std::find(names.begin(), names.end(), "heap_peak") != names.end();
    const std::string where = heap ? " (on rank " + std::to_string(r.heap_peak_rank) + ")" : "";
    result.failures.push_back({&r,
                               Mode::main,
                               value_text + " = " + format_number(v) + " > " + bound_text + " = " +
                                   format_number(b) + where,
                               {},
                               {},
                               {},
                               {}});
  }
  finish(result, failing, passing, "cases within " + value_text + " ≤ " + bound_text);
  // A count threshold is true of the cases, but an allowance that does not grow with the
  // count can hide the same mistake below it: say so, with a case that shows it.
  if (result.pattern && result.pattern->test.find("count") != std::string::npos && !hidden.empty())
    result.diagnosis.insert(result.diagnosis.begin() + 1,
                            "Below that count the bound's allowance of " +
                                lecture_notation(format_number(hidden_allowance)) +
                                " can hide the same mistake: " + std::to_string(hidden.size()) +
                                " passing case(s) exceed the bound without it (e.g. " +
                                hidden_example + ").");
  if (result.judged == 0 && right_cases > 0) {
    // Nothing to judge is no evidence: a bound that applies to no case gives no points.
    result.summary = "not judged: applies to none of the " + std::to_string(right_cases) +
                     " right cases (" + lecture_notation(spec.when.text()) +
                     "), so there is nothing to give "
                     "points for";
  } else if (result.judged == 0 && unmeasured > 0) {
    result.summary = "not measured: none of the " + std::to_string(unmeasured) +
                     " right cases has a complete trace (their runs ended early)";
  } else if (unmeasured > 0) {
    result.summary += "; " + std::to_string(unmeasured) +
                      " right cases without a complete trace were not measured";
  }
  if (traced) detail::policy_verdict(g, result, "trace");
  if (needs_heap(ex, spec)) detail::policy_verdict(g, result, "heap");
  if (worst) { // the numbers first, the pattern after them
    const Env env = full_env(ex, *worst);
    const std::string measured = value_text + " = " + format_number(spec.value.eval(env)) +
                                 " where " + bound_text + " = " +
                                 format_number(spec.bound.eval(env)) + ": ";
    const std::string hint = choose_hint(spec, *worst, env, measured, uses(ex, spec, {"rounds"}));
    if (!hint.empty()) {
      result.diagnosis.insert(result.diagnosis.begin(), hint + " (at " + describe(worst->c, ex) +
                                                            ", case " +
                                                            std::to_string(worst->c.id) + ")");
      result.hint_case = worst->c.id;
    }
  }
  result.header = {"p", "judged", "passed", value_text + " (worst)", bound_text, "worst case"};
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
  result.header = {"count",
                   "bytes per rank",
                   "yours: median (quartiles)",
                   "native: median (quartiles)",
                   "ratio (spread)",
                   "ratio of the fastest"};
  if (std::none_of(g.main.begin(), g.main.end(), detail::right)) {
    result.summary = "not judged: no case to judge (it needs cases your submission got right)";
    return result;
  }
  // Per size: the ratio of medians, its spread (your quartiles against native's), and the
  // ratio of the minima — noise only adds time, so the fastest runs show what each can do.
  std::vector<double> ratios, bests;
  int p = 0;
  for (const TimingRecord& t : g.timings) {
    if (t.median_native <= 0 || t.median_yours <= 0 || t.q1_native <= 0 || t.q3_native <= 0 ||
        t.min_native <= 0)
      continue;
    p = t.c.p;
    const double ratio = t.median_yours / t.median_native;
    const double low = t.q1_yours / t.q3_native, high = t.q3_yours / t.q1_native;
    ratios.push_back(ratio);
    bests.push_back(t.min_yours / t.min_native);
    const int bytes = t.c.count * (t.c.dtype == Dtype::int_ ? 4 : 8);
    const auto r2 = [](double x) { return format_number(std::round(x * 100) / 100); };
    result.rows.push_back({std::to_string(t.c.count), std::to_string(bytes),
                           seconds_text(t.median_yours) + " (" + seconds_text(t.q1_yours) + "–" +
                               seconds_text(t.q3_yours) + ")",
                           seconds_text(t.median_native) + " (" + seconds_text(t.q1_native) + "–" +
                               seconds_text(t.q3_native) + ")",
                           r2(ratio) + " (" + r2(low) + "–" + r2(high) + ")", r2(bests.back())});
  }
  result.judged = static_cast<int>(ratios.size());
  if (g.speed_failure) {
    result.status = CheckResult::Status::failed;
    result.summary = "the timing run failed: " + g.speed_failure->what;
    return result;
  }
  if (ratios.empty()) {
    result.summary = "not measured: no timing";
    return result;
  }
  const auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  };
  const double ratio = median(ratios), best = median(bests);
  // Judged on the fastest runs: noise only adds time, and on a busy machine it adds it to
  // both sides unevenly (a submission that sleeps gets its processes descheduled, and the
  // native calls after it pay for that), so the medians can hide a slow submission or
  // invent one. The minima of 15 or more alternating runs are what each can do.
  const bool ok = best <= s.tolerance;
  result.status = ok ? CheckResult::Status::passed : CheckResult::Status::failed;
  result.failed = ok ? 0 : 1;
  char text[260];
  std::snprintf(text, sizeof text,
                "median over %zu message sizes of (your median time / native median time) = "
                "%.2f, of the fastest runs %.2f (tolerance %.2f) at p = %d",
                ratios.size(), ratio, best, s.tolerance, p);
  result.summary = text;
  if (ok && ratio > s.tolerance)
    result.summary += ": the medians are above the tolerance, the fastest runs are not (noise)";
  result.diagnosis.push_back(
      "Timed ReproMPI-style: a barrier before each call, which lasts from the first rank's "
      "start to the last rank's end; yours and native alternating, " +
      std::to_string(s.repetitions) + " repetitions per size, on " + std::to_string(p) +
      " processes (no more than the machine's cores). The spread compares your first quartile "
      "with native's third and the other way round. Noise only adds time, so the check judges "
      "the fastest runs (median over the sizes of yours / native's). On a shared machine such "
      "times are a guideline, not a benchmark.");
  if (!ok)
    result.diagnosis.push_back("Your implementation is much slower than the native collective: "
                               "look for extra copies, waiting, or sleeping in your code.");
  return result;
}

} // namespace collscope::grade
