// The run log rank 0 writes for collscope-grade, one tab-separated line per event:
//   ready W | begin ID | case ID OUTCOME HEAP_PEAK HEAP_PEAK_RANK HEAP_LIVE OVERFLOW BANNED
//   DETAIL | time ID MEDIAN_YOURS MEDIAN_NATIVE MIN_YOURS MIN_NATIVE | done
// Each line is one write(2) to a file opened with O_APPEND, so the grader, which watches the
// file grow to detect a run that hangs, never sees half a line from a live run.
#pragma once

#include <string>

namespace collscope::grade {

class Log {
public:
  /// Empty path: lines go to stdout (the reproduce mode).
  explicit Log(const std::string& path);
  ~Log();
  Log(const Log&) = delete;
  Log& operator=(const Log&) = delete;
  void line(const std::string& text) const;

private:
  int fd_ = 1;
};

/// Tabs and newlines of free text become spaces, so a line stays one line.
std::string one_line(std::string text);

} // namespace collscope::grade
