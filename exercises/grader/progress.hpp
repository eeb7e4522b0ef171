// What grading reports while it works: phases with a number of steps. The terminal draws it
// (terminal.hpp); batch grading and tests pass a silent one.
#pragma once

#include <string>

namespace collscope::grade {

class Progress {
public:
  virtual ~Progress() = default;
  /// Starts a phase of `total` steps (0: no bar).
  virtual void phase(const std::string& name, int total) = 0;
  virtual void progress(int done) = 0;
  /// Ends the phase with a short result ("262 cases, 3 ended a run").
  virtual void done(const std::string& result) = 0;
};

} // namespace collscope::grade
