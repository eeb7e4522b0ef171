// The run log rank 0 writes for collscope-grade, one tab-separated line per event:
//   ready W | begin ID | case ID OUTCOME HEAP_PEAK HEAP_PEAK_RANK HEAP_LIVE OVERFLOW BANNED
//   DETAIL | map ID RANK GOT EXPECTED (after a wrong case's line: the block maps of a wrong
//   rank's receive buffer, block_map.hpp) | time ID MEDIAN_YOURS MEDIAN_NATIVE Q1_YOURS Q3_YOURS
//   Q1_NATIVE Q3_NATIVE MIN_YOURS MIN_NATIVE | done
// each followed by the line's number and its signature (log_signature.hpp), so that the
// grader believes only lines the harness wrote. Each line is one write(2) to a file opened
// with O_APPEND, so the grader, which watches the file grow to detect a run that hangs,
// never sees half a line from a live run.
#pragma once

#include "collscope/grade/log_signature.hpp"

#include <optional>
#include <string>

namespace collscope::grade {

class Log {
public:
  /// Empty path: lines go to stdout (the reproduce mode). Without a key lines are unsigned.
  Log(const std::string& path, std::optional<signature::Key> key);
  ~Log();
  Log(const Log&) = delete;
  Log& operator=(const Log&) = delete;
  void line(const std::string& text) const;

private:
  int fd_ = 1;
  std::optional<signature::Key> key_;
  mutable long long seq_ = 0;
};

/// Tabs and newlines of free text become spaces, so a line stays one line.
std::string one_line(std::string text);

/// The run's secret from `file`, which is deleted at once; nullopt if it cannot be read.
std::optional<signature::Key> take_key(const std::string& file);

} // namespace collscope::grade
