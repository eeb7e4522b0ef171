// What collscope-grade shows on the terminal: a progress bar per phase while it runs, and
// the summary table at the end. Without a terminal (a pipe, CI) one line per phase.
#pragma once

#include <chrono>
#include <string>

namespace collscope::grade {

struct Grade;

class Terminal {
public:
  explicit Terminal(bool quiet = false);
  /// Starts a phase of `total` steps (0: no bar).
  void phase(const std::string& name, int total);
  void progress(int done);
  /// Ends the phase with a short result ("262 cases, 3 ended a run").
  void done(const std::string& result);
  void summary(const Grade& grade);
  void line(const std::string& text);

private:
  void draw();

  bool tty_ = false, quiet_ = false;
  std::string name_;
  int total_ = 0, done_ = 0;
  std::chrono::steady_clock::time_point start_;
};

} // namespace collscope::grade
