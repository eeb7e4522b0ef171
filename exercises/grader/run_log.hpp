// Reading the log a graded run writes (harness/log.hpp) into the case records. Only lines
// signed with the run's key, in order, count: anything else in the file was written by
// someone other than the harness and is ignored and reported as tampering.
#pragma once

#include "collscope/grade/log_signature.hpp"
#include "records.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace collscope::grade {

struct LogState {
  std::vector<int> finished; ///< case ids with a verdict, in order
  int in_flight = 0;         ///< begun without a verdict
  bool ready = false, done = false;
  int forged = 0;                   ///< lines without a valid signature
  std::vector<std::string> samples; ///< the first few of them, printable and short
};

/// Applies the log's verdicts to `records` (by case id) and `timings`, noting `dir` as the
/// run of each case; returns what the log says about the run.
LogState read_log(const std::filesystem::path& log, const signature::Key& key,
                  std::map<int, CaseRecord*>& records, std::vector<TimingRecord>* timings,
                  const std::filesystem::path& dir);

/// Lines of `file` that start with `prefix` (for progress only: not verified).
long long count_lines(const std::filesystem::path& file, const char* prefix);

/// A fresh random key for one run.
signature::Key new_key();

} // namespace collscope::grade
