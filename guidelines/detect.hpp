// Violations of a guideline: a mock-up (or any other algorithm checked against the library's
// collective) is faster than the native collective by more than a margin, and a one-sided
// Wilcoxon rank-sum test over all repetitions says so at level α. From the violations: the
// rows of the violation table (runs of consecutive measured sizes) and the profile's ranges
// (per size the fastest violating mock-up that may be written, consecutive sizes with the same
// one merged).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace collscope::guidelines {

/// One algorithm at one size: the times of each mpirun's repetitions.
struct Measurement {
  std::string algorithm; ///< "native" or the registry's name
  std::int64_t bytes = 0;
  std::vector<std::vector<double>> runs;

  std::vector<double> pooled() const;
  std::vector<double> run_medians() const;
  double median() const; ///< the median of the mpiruns' medians (seeds/004 §4.3)
  double lowest() const; ///< the smallest and largest mpirun median: the error bars
  double highest() const;
};

struct Judgement {
  double margin = 0.05; ///< faster by more than this fraction of the native median
  double alpha = 0.05;  ///< and the one-sided rank-sum test's p below this
};

struct Comparison {
  std::string algorithm;
  std::int64_t bytes = 0;
  double native_s = 0, mockup_s = 0, ratio = 1, p_value = 1;
  bool faster = false;      ///< ratio < 1 − margin
  bool significant = false; ///< p < α
  bool violation() const { return faster && significant; }
};

Comparison compare(const Measurement& native, const Measurement& mockup, const Judgement& j);

/// All measurements of one collective at one size.
struct SizeResult {
  std::int64_t bytes = 0;
  Measurement native;
  std::vector<Measurement> mockups;
  std::vector<Comparison> comparisons; ///< one per mock-up, in the same order
  /// The fastest violating mock-up that `excluded` does not name (labels that may not go into
  /// a profile), or -1.
  int best(std::span<const std::string> excluded = {}) const;
};

/// A table row: one algorithm violating at consecutive measured sizes [first, last].
struct ViolationRun {
  std::string algorithm;
  std::vector<Comparison> at; ///< one per size, ascending
  bool in_profile = false;    ///< at least one of its sizes went into the profile
};
/// `sizes` ascending; `excluded` as for SizeResult::best.
std::vector<ViolationRun> violation_runs(std::span<const SizeResult> sizes,
                                         std::span<const std::string> excluded = {});

/// A profile range: [low, high] bytes run `algorithm`.
struct ChosenRange {
  std::string algorithm;
  std::int64_t low = 0, high = 0;
};
/// Per size the best violating mock-up; consecutive measured sizes with the same one merge
/// into one range (the sizes between them were not measured, both ends were violations).
/// `excluded`: labels measured but never written (SizeResult::best).
std::vector<ChosenRange> profile_ranges(std::span<const SizeResult> sizes,
                                        std::span<const std::string> excluded = {});

/// "GL9" for gl9-allgatherv; the name itself for any other algorithm.
std::string guideline_of(const std::string& algorithm);

} // namespace collscope::guidelines
