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

} // namespace collscope::guidelines
