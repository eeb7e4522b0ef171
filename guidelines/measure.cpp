#include "measure.hpp"

#include "candidate.hpp"
#include "stats.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace collscope::guidelines {

std::vector<std::string> candidates_of(Collective c, const std::vector<std::string>& patterns) {
  std::vector<std::string> names;
  for (const Algorithm& a : algorithms()) {
    if (a.collective != c || a.is_native()) continue;
    for (const std::string& p : patterns) {
      const bool prefix = !p.empty() && p.back() == '*';
      const std::string_view stem =
          prefix ? std::string_view(p).substr(0, p.size() - 1) : algorithm_of(p);
      // An exact pattern keeps its options: knomial:radix=2 and knomial:radix=8 are two.
      const std::string label = prefix ? std::string(a.name) : p;
      if ((prefix ? a.name.starts_with(stem) : a.name == stem) &&
          std::find(names.begin(), names.end(), label) == names.end())
        names.push_back(label);
    }
  }
  return names;
}

namespace {

std::string label(const CollectiveResult& r, const std::string& algorithm, std::int64_t bytes,
                  const std::string& phase) {
  return (r.library.empty() ? std::string("default") : r.library) + "/" +
         std::string(to_string(r.collective)) + "/" + algorithm + "-" + std::to_string(bytes) +
         "B-" + phase;
}

} // namespace

CollectiveResult measure(const Options& o, Collective c, const std::vector<std::string>& candidates,
                         const RunJob& run) {
  CollectiveResult r;
  r.library = o.launcher.selector;
  r.collective = c;
  std::vector<std::string> algs = {"native"};
  algs.insert(algs.end(), candidates.begin(), candidates.end());
  const std::string name(to_string(c));
  const auto note = [&](const std::string& text) {
    std::fprintf(stderr, "collscope-guidelines: %s\n", text.c_str());
    r.notes.push_back(text);
  };
  const auto go = [&](const std::string& alg, std::int64_t bytes, int reps, bool verify,
                      const std::string& phase) {
    ++r.runs;
    std::fprintf(stderr, "collscope-guidelines: %s%s %s %s %lld B: %s, %d repetitions\n",
                 r.library.empty() ? "" : (r.library + ": ").c_str(), name.c_str(), alg.c_str(),
                 verify ? "(verified)" : "", static_cast<long long>(bytes), phase.c_str(), reps);
    const int count = static_cast<int>(bytes / o.datatype->bytes);
    return run({c, alg, count, reps, verify, std::string(o.datatype->run)},
               label(r, alg, bytes, phase));
  };

  // (1) t₁ per algorithm at the smallest size; the first of these runs verifies the result.
  std::map<std::string, double> t1;
  std::map<std::string, double> least_first;
  std::vector<std::string> kept;
  for (const std::string& alg : algs) {
    bool ok = true;
    int unsettled = 0; // mpiruns whose RSE stayed above the threshold
    for (int k = 0; k < o.mpiruns && ok; ++k) {
      const RunOutput out =
          go(alg, o.sizes.front(), o.rule.first_cap, k == 0, "nrep" + std::to_string(k + 1));
      if (!out.ok) {
        note(name + " " + alg + " left out: " + out.problem);
        ok = false;
        break;
      }
      const Settled s = settle(out.times, o.rule);
      if (!s.reached) ++unsettled;
      t1[alg] = std::max(t1[alg], s.seconds);
      const double least = *std::min_element(out.times.begin(), out.times.end());
      least_first[alg] = k == 0 ? least : std::min(least_first[alg], least);
    }
    if (unsettled > 0) {
      char text[160];
      std::snprintf(text, sizeof text,
                    ": the RSE stayed above %g within %d repetitions (--first-cap) in %d of %d "
                    "mpirun(s); t1 is their whole time",
                    o.rule.rse_first, o.rule.first_cap, unsettled, o.mpiruns);
      note(name + " " + alg + text);
    }
    if (ok)
      kept.push_back(alg);
    else if (alg == "native")
      return r; // nothing to compare with
  }
  // (2) the pilot at every other size gives each (algorithm, size) its repetitions.
  std::map<std::pair<std::string, std::int64_t>, int> nrep;
  for (const std::string& alg : kept)
    for (std::int64_t bytes : o.sizes) {
      if (bytes == o.sizes.front()) {
        nrep[{alg, bytes}] = nrep_for(t1[alg], least_first[alg], o.rule);
        continue;
      }
      RunOutput pilot = go(alg, bytes, o.rule.b1, false, "pilot");
      if (pilot.ok && o.rule.b2 > 0 && relative_standard_error(pilot.times) > o.rule.rse_pilot) {
        const RunOutput more = go(alg, bytes, o.rule.b2, false, "pilot2");
        if (more.ok) pilot.times.insert(pilot.times.end(), more.times.begin(), more.times.end());
        pilot.ok = more.ok;
      }
      if (!pilot.ok) {
        note(name + " " + alg + " at " + std::to_string(bytes) + " B left out: " + pilot.problem);
        continue;
      }
      nrep[{alg, bytes}] =
          nrep_for(t1[alg], *std::min_element(pilot.times.begin(), pilot.times.end()), o.rule);
    }
  // (3) the measurement: mpirun by mpirun, every size, every algorithm in turn.
  std::map<std::pair<std::string, std::int64_t>, Measurement> m;
  for (int k = 0; k < o.mpiruns; ++k)
    for (std::int64_t bytes : o.sizes)
      for (const std::string& alg : kept) {
        const auto it = nrep.find({alg, bytes});
        if (it == nrep.end()) continue;
        const RunOutput out = go(alg, bytes, it->second, false, "run" + std::to_string(k + 1));
        if (!out.ok) {
          note(name + " " + alg + " at " + std::to_string(bytes) + " B, mpirun " +
               std::to_string(k + 1) + " failed: " + out.problem);
          continue;
        }
        Measurement& into = m[{alg, bytes}];
        into.algorithm = alg, into.bytes = bytes;
        into.runs.push_back(out.times);
      }
  for (std::int64_t bytes : o.sizes) {
    const auto native = m.find({"native", bytes});
    if (native == m.end()) continue;
    SizeResult s;
    s.bytes = bytes;
    s.native = native->second;
    for (const std::string& alg : kept) {
      const auto it = m.find({alg, bytes});
      if (alg == "native" || it == m.end()) continue;
      s.mockups.push_back(it->second);
      s.comparisons.push_back(compare(s.native, it->second, o.judgement));
    }
    r.sizes.push_back(s);
    r.nrep.push_back(nrep[{"native", bytes}]);
  }
  return r;
}

} // namespace collscope::guidelines
