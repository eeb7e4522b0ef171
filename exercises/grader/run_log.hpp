// Reading the log a graded run writes (harness/log.hpp) into the case records.
#pragma once

#include "runner.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace collscope::grade {

struct LogState {
  std::vector<int> finished; ///< case ids with a verdict, in order
  int in_flight = 0;         ///< begun without a verdict
  bool ready = false, done = false;
};

/// Applies the log's verdicts to `records` (by case id) and `timings`, noting `dir` as the
/// run of each case; returns what the log says about the run.
LogState read_log(const std::filesystem::path& log, std::map<int, CaseRecord*>& records,
                  std::vector<TimingRecord>* timings, const std::filesystem::path& dir);

/// Lines of `file` that start with `prefix`.
long long count_lines(const std::filesystem::path& file, const char* prefix);

} // namespace collscope::grade
