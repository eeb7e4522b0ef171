// What collscope-grade shows on the terminal: a progress bar per phase while it runs, and
// the summary table at the end. Without a terminal (a pipe, CI) one line per phase.
#pragma once

#include "progress.hpp"

#include <chrono>
#include <string>

namespace collscope::grade {

struct Grade;

class Terminal : public Progress {
public:
  explicit Terminal(bool quiet = false);
  void phase(const std::string& name, int total) override;
  void progress(int done) override;
  void done(const std::string& result) override;
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
