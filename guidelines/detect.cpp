#include "detect.hpp"

#include "stats.hpp"

#include <algorithm>
#include <cctype>

namespace collscope::guidelines {

std::vector<double> Measurement::pooled() const {
  std::vector<double> all;
  for (const auto& run : runs) all.insert(all.end(), run.begin(), run.end());
  return all;
}

std::vector<double> Measurement::run_medians() const {
  std::vector<double> m;
  for (const auto& run : runs) m.push_back(guidelines::median(run));
  return m;
}

double Measurement::median() const {
  return guidelines::median(run_medians());
}

double Measurement::lowest() const {
  const auto m = run_medians();
  return m.empty() ? 0 : *std::min_element(m.begin(), m.end());
}

double Measurement::highest() const {
  const auto m = run_medians();
  return m.empty() ? 0 : *std::max_element(m.begin(), m.end());
}

Comparison compare(const Measurement& native, const Measurement& mockup, const Judgement& j) {
  Comparison c;
  c.algorithm = mockup.algorithm;
  c.bytes = mockup.bytes;
  c.native_s = native.median();
  c.mockup_s = mockup.median();
  c.ratio = c.native_s > 0 ? c.mockup_s / c.native_s : 1;
  c.p_value = rank_sum_less(mockup.pooled(), native.pooled()).p_value;
  c.faster = c.native_s > 0 && c.ratio < 1 - j.margin;
  c.significant = c.p_value < j.alpha;
  return c;
}

int SizeResult::best(std::span<const std::string> excluded) const {
  int best = -1;
  for (std::size_t i = 0; i < comparisons.size(); ++i)
    if (comparisons[i].violation() &&
        std::find(excluded.begin(), excluded.end(), comparisons[i].algorithm) == excluded.end() &&
        (best < 0 ||
         comparisons[i].mockup_s < comparisons[static_cast<std::size_t>(best)].mockup_s))
      best = static_cast<int>(i);
  return best;
}

std::vector<ViolationRun> violation_runs(std::span<const SizeResult> sizes,
                                         std::span<const std::string> excluded) {
  std::vector<ViolationRun> rows;
  std::vector<std::string> names;
  for (const SizeResult& s : sizes)
    for (const Comparison& c : s.comparisons)
      if (std::find(names.begin(), names.end(), c.algorithm) == names.end())
        names.push_back(c.algorithm);
  for (const std::string& name : names) {
    ViolationRun open;
    for (const SizeResult& s : sizes) {
      const auto it = std::find_if(s.comparisons.begin(), s.comparisons.end(),
                                   [&](const Comparison& c) { return c.algorithm == name; });
      if (it != s.comparisons.end() && it->violation()) {
        open.algorithm = name;
        open.at.push_back(*it);
        const int b = s.best(excluded);
        if (b >= 0 && s.comparisons[static_cast<std::size_t>(b)].algorithm == name)
          open.in_profile = true;
        continue;
      }
      if (!open.at.empty()) rows.push_back(open);
      open = {};
    }
    if (!open.at.empty()) rows.push_back(open);
  }
  return rows;
}

std::vector<ChosenRange> profile_ranges(std::span<const SizeResult> sizes,
                                        std::span<const std::string> excluded) {
  std::vector<ChosenRange> ranges;
  bool extend = false; // the previous measured size chose the same algorithm
  for (const SizeResult& s : sizes) {
    const int b = s.best(excluded);
    if (b < 0) {
      extend = false;
      continue;
    }
    const std::string& name = s.comparisons[static_cast<std::size_t>(b)].algorithm;
    if (extend && ranges.back().algorithm == name)
      ranges.back().high = s.bytes;
    else
      ranges.push_back({name, s.bytes, s.bytes});
    extend = true;
  }
  return ranges;
}

std::string guideline_of(const std::string& algorithm) {
  if (algorithm.size() < 3 || algorithm.compare(0, 2, "gl") != 0 ||
      !std::isdigit(static_cast<unsigned char>(algorithm[2])))
    return algorithm;
  std::string g = "GL";
  for (std::size_t i = 2;
       i < algorithm.size() && std::isdigit(static_cast<unsigned char>(algorithm[i])); ++i)
    g += algorithm[i];
  return g;
}

} // namespace collscope::guidelines
