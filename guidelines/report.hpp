// What collscope-guidelines prints and writes: the header (how it measured and judged), the
// violation table (simulated or --judge) or the spread table (wall clock), measurements.csv.
#pragma once

#include "measure.hpp"

#include <string>
#include <vector>

namespace collscope::guidelines {

/// `#@key=value` lines: the mode, the procedure's thresholds, the judgement.
std::string header(const Options& o);

/// True when the times are findings: simulated, or wall clock with --judge.
bool judged(const Options& o);

/// The violation table (judged) for all libraries and collectives; "no violations" if none.
std::string violation_table(const Options& o, const std::vector<CollectiveResult>& results);

/// Every algorithm at every size: median, the spread of the mpirun medians, RSE, NREP.
std::string spread_table(const Options& o, const std::vector<CollectiveResult>& results);

/// measurements.csv: one line per library, collective, size and algorithm.
std::string csv(const Options& o, const std::vector<CollectiveResult>& results);

/// "4", "1 KiB" … for sizes in bytes; "4–1024" for a range.
std::string bytes_text(std::int64_t low, std::int64_t high);

/// A candidate measured but never written into a profile, and why (candidate.hpp).
struct Unwritten {
  std::string label;
  std::string reason;
};
std::vector<Unwritten> unwritten(const Options& o, const CollectiveResult& r);
std::vector<std::string> labels(const std::vector<Unwritten>& list);

/// One line per unwritten candidate that was the fastest violation at some sizes, e.g.
/// "allreduce circulant: fastest at 1–64 KiB but not written: its sum depends on the rank
/// for double (floats=ok in COLLSCOPE_TUNE allows it)"; "" when there is none.
std::string left_out(const Options& o, const std::vector<CollectiveResult>& results);

} // namespace collscope::guidelines
