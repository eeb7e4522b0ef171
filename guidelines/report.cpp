#include "report.hpp"

#include "candidate.hpp"
#include "stats.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace collscope::guidelines {

namespace {

std::string fmt(const char* format, double v) {
  char b[64];
  std::snprintf(b, sizeof b, format, v);
  return b;
}

std::string us(double seconds) {
  return fmt("%.2f", seconds * 1e6);
}

std::string span_text(double a, double b, const char* format) {
  const std::string x = fmt(format, a), y = fmt(format, b);
  return x == y ? x : x + "–" + y;
}

std::string library_name(const Options& o, const std::string& selector) {
  if (!o.launcher.simulated) return "wall clock";
  return selector.empty() ? "SMPI default" : "SMPI " + selector;
}

} // namespace

bool judged(const Options& o) {
  return o.launcher.simulated || o.judge_wall_clock;
}

std::string bytes_text(std::int64_t low, std::int64_t high) {
  return low == high ? std::to_string(low) : std::to_string(low) + "–" + std::to_string(high);
}

std::string header(const Options& o) {
  std::ostringstream h;
  const Launcher& l = o.launcher;
  h << "#@tool=collscope-guidelines (seeds/004: guidelines GL1–GL22, mock-ups, ReproMPI timing)\n"
    << "#@p=" << l.p << "\n";
  if (l.simulated)
    h << "#@mode=simulated: scripts/simulate --platform " << l.platform
      << " (SimGrid SMPI; times are the platform's, not this machine's; deterministic)\n";
  else
    h << "#@mode=wall clock: mpirun -np " << l.p << (l.oversubscribe ? " --oversubscribe" : "")
      << "\n";
  h << "#@timing=collscope-run: a barrier (simulated: one agreed start) before every repetition, "
       "the slowest rank's time; "
    << l.warmup << " warm-up call(s) per mpirun; " << o.datatype->mpi << " (" << o.datatype->bytes
    << " B per element: count = bytes / " << o.datatype->bytes << "), MPI_SUM, root " << l.root
    << "\n"
    << "#@nrep=smallest size until the relative standard error ≤ " << o.rule.rse_first
    << " (at most " << o.rule.first_cap << " repetitions), t1 = the longest time that took over "
    << o.mpiruns << " mpirun(s); other sizes: pilot of " << o.rule.b1 << " (+" << o.rule.b2
    << " if its RSE > " << o.rule.rse_pilot << "), nrep = max(ceil(t1 / min), " << o.rule.k
    << "), at most " << o.rule.cap << "\n"
    << "#@mpiruns=" << o.mpiruns
    << " per algorithm and size; time = median of the mpiruns' medians\n"
    << "#@violation=mock-up median < (1 − " << o.judgement.margin
    << ")·native median AND one-sided Wilcoxon rank-sum test (all repetitions; exact for "
       "n < 50 without ties, else normal with tie and continuity correction) p < "
    << o.judgement.alpha << "\n";
  if (!judged(o))
    h << "#@NOTE=wall-clock times on this machine (" << (l.oversubscribe ? "oversubscribed, " : "")
      << "shared cores) show spread, not findings: no violations are claimed and no profiles "
         "written (--judge on a machine with a core per process; simulate with --platform)\n";
  return h.str();
}

std::string violation_table(const Options& o, const std::vector<CollectiveResult>& results) {
  std::ostringstream t;
  const bool several = results.size() > 1 && o.selectors.size() > 1;
  t << "\nViolations (" << (judged(o) ? "found" : "not judged: wall clock") << "):\n\n";
  t << (several ? "| library " : "")
    << "| collective | guideline | mock-up | bytes | native µs | mock-up µs | ratio | p-value | "
       "in profile |\n"
    << (several ? "|---" : "") << "|---|---|---|---|---|---|---|---|---|\n";
  int rows = 0;
  for (const CollectiveResult& r : results) {
    const std::vector<std::string> excluded = labels(unwritten(o, r));
    for (const ViolationRun& v : violation_runs(r.sizes, excluded)) {
      const Comparison &first = v.at.front(), &last = v.at.back();
      double lo = 1e9, hi = 0, worst_p = 0;
      for (const Comparison& c : v.at)
        lo = std::min(lo, c.ratio), hi = std::max(hi, c.ratio),
        worst_p = std::max(worst_p, c.p_value);
      if (several) t << "| " << library_name(o, r.library) << " ";
      t << "| " << to_string(r.collective) << " | "
        << (guideline_of(v.algorithm) == v.algorithm ? "—" : guideline_of(v.algorithm)) << " | `"
        << v.algorithm << "` | " << bytes_text(first.bytes, last.bytes) << " | "
        << span_text(first.native_s * 1e6, last.native_s * 1e6, "%.2f") << " | "
        << span_text(first.mockup_s * 1e6, last.mockup_s * 1e6, "%.2f") << " | "
        << span_text(lo, hi, "%.2f") << " | " << fmt(worst_p < 1e-4 ? "%.1e" : "%.4f", worst_p)
        << " | "
        << (v.in_profile ? "yes"
            : std::find(excluded.begin(), excluded.end(), v.algorithm) != excluded.end()
                ? "no (left out, below)"
                : "no (another is faster)")
        << " |\n";
      ++rows;
    }
  }
  if (rows == 0) t << "(none: no mock-up is faster by the margin with significance)\n";
  return t.str();
}

std::vector<Unwritten> unwritten(const Options& o, const CollectiveResult& r) {
  std::vector<Unwritten> list;
  for (const SizeResult& s : r.sizes)
    for (const Comparison& c : s.comparisons) {
      bool listed = false;
      for (const Unwritten& u : list) listed = listed || u.label == c.algorithm;
      if (listed) continue;
      if (std::string why = unwritable(r.collective, c.algorithm, *o.datatype); !why.empty())
        list.push_back({c.algorithm, why});
    }
  return list;
}

std::vector<std::string> labels(const std::vector<Unwritten>& list) {
  std::vector<std::string> out;
  for (const Unwritten& u : list) out.push_back(u.label);
  return out;
}

namespace {

/// 512 B, 64 KiB, 1 MiB; a range in one unit when both ends have it: 1–64 KiB.
std::string size_text(std::int64_t low, std::int64_t high) {
  const auto unit = [](std::int64_t b) -> std::pair<std::int64_t, const char*> {
    if (b >= (1 << 20) && b % (1 << 20) == 0) return {b >> 20, "MiB"};
    if (b >= 1024 && b % 1024 == 0) return {b >> 10, "KiB"};
    return {b, "B"};
  };
  const auto [a, ua] = unit(low);
  const auto [b, ub] = unit(high);
  if (low == high) return std::to_string(a) + " " + ua;
  if (std::string_view(ua) == ub) return std::to_string(a) + "–" + std::to_string(b) + " " + ub;
  return std::to_string(a) + " " + ua + "–" + std::to_string(b) + " " + ub;
}

} // namespace

std::string left_out(const Options& o, const std::vector<CollectiveResult>& results) {
  std::string text;
  for (const CollectiveResult& r : results)
    for (const Unwritten& u : unwritten(o, r)) {
      // Where it was the fastest violation: runs of consecutive measured sizes.
      std::vector<std::pair<std::int64_t, std::int64_t>> runs;
      bool open = false;
      for (const SizeResult& s : r.sizes) {
        const int b = s.best();
        const bool here = b >= 0 && s.comparisons[static_cast<std::size_t>(b)].algorithm == u.label;
        if (here && open)
          runs.back().second = s.bytes;
        else if (here)
          runs.emplace_back(s.bytes, s.bytes);
        open = here;
      }
      if (runs.empty()) continue;
      std::string at;
      for (const auto& [low, high] : runs) at += (at.empty() ? "" : ", ") + size_text(low, high);
      text += "  " + (o.selectors.size() > 1 ? library_name(o, r.library) + ": " : "") +
              std::string(to_string(r.collective)) + " " + u.label + ": fastest at " + at +
              " but not written: " + u.reason + "\n";
    }
  return text;
}

std::string spread_table(const Options& o, const std::vector<CollectiveResult>& results) {
  std::ostringstream t;
  t << "\nEvery measurement (median of the mpiruns' medians, [lowest–highest median], RSE of "
       "all repetitions, repetitions × mpiruns):\n\n"
    << "| library | collective | bytes | algorithm | median µs | mpirun medians µs | RSE | n | "
       "vs native |\n|---|---|---|---|---|---|---|---|---|\n";
  for (const CollectiveResult& r : results)
    for (const SizeResult& s : r.sizes) {
      std::vector<const Measurement*> all = {&s.native};
      for (const Measurement& m : s.mockups) all.push_back(&m);
      for (std::size_t i = 0; i < all.size(); ++i) {
        const Measurement& m = *all[i];
        const std::vector<double> pooled = m.pooled();
        std::string verdict = "—";
        if (i > 0) {
          const Comparison& c = s.comparisons[i - 1];
          verdict = fmt("%.2f×", c.ratio) + (judged(o) ? (c.violation() ? " violation" : "") : "");
        }
        t << "| " << library_name(o, r.library) << " | " << to_string(r.collective) << " | "
          << s.bytes << " | `" << m.algorithm << "` | " << us(m.median()) << " | "
          << span_text(m.lowest() * 1e6, m.highest() * 1e6, "%.2f") << " | "
          << fmt("%.4f", relative_standard_error(pooled)) << " | "
          << (m.runs.empty() ? 0 : m.runs.front().size()) << "×" << m.runs.size() << " | "
          << verdict << " |\n";
      }
    }
  return t.str();
}

std::string csv(const Options& o, const std::vector<CollectiveResult>& results) {
  std::ostringstream c;
  c << "library,collective,bytes,algorithm,guideline,nrep,mpiruns,median_s,lowest_median_s,"
       "highest_median_s,rse,ratio,p_value,violation\n";
  for (const CollectiveResult& r : results)
    for (const SizeResult& s : r.sizes) {
      const auto line = [&](const Measurement& m, const Comparison* cmp) {
        c << (o.launcher.simulated ? (r.library.empty() ? "default" : r.library) : "wall-clock")
          << ',' << to_string(r.collective) << ',' << s.bytes << ',' << m.algorithm << ','
          << (cmp ? guideline_of(m.algorithm) : "") << ','
          << (m.runs.empty() ? 0 : m.runs.front().size()) << ',' << m.runs.size() << ','
          << fmt("%.6e", m.median()) << ',' << fmt("%.6e", m.lowest()) << ','
          << fmt("%.6e", m.highest()) << ',' << fmt("%.6f", relative_standard_error(m.pooled()))
          << ',' << (cmp ? fmt("%.6f", cmp->ratio) : "1") << ','
          << (cmp ? fmt("%.6g", cmp->p_value) : "") << ','
          << (cmp && judged(o) ? (cmp->violation() ? "yes" : "no") : "") << '\n';
      };
      line(s.native, nullptr);
      for (std::size_t i = 0; i < s.mockups.size(); ++i) line(s.mockups[i], &s.comparisons[i]);
    }
  return c.str();
}

} // namespace collscope::guidelines
