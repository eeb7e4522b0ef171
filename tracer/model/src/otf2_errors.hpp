// OTF2 reports errors through a process-wide callback that prints to stderr by default. While a
// trace loads, the loader routes them here instead: the last message becomes the detail of the
// one-line TraceError, and nothing else reaches the user's terminal.
#pragma once

#include <otf2/OTF2_ErrorCodes.h>
#include <stdexcept>
#include <string>

namespace collscope::model::detail {

/// Thrown inside the loader for anything unreadable; load_trace turns it into a TraceError.
struct CorruptTrace : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Installs the capturing error callback for its lifetime (not reentrant: one load at a time
/// per process, which is what OTF2's global callback allows anyway).
class Otf2ErrorCapture {
public:
  Otf2ErrorCapture();
  ~Otf2ErrorCapture();
  Otf2ErrorCapture(const Otf2ErrorCapture&) = delete;
  Otf2ErrorCapture& operator=(const Otf2ErrorCapture&) = delete;

  /// The last message OTF2 reported, or "" if none.
  static std::string last();

private:
  OTF2_ErrorCallback previous_; // its user data is not retrievable; OTF2's default has none
};

/// Throws CorruptTrace("<what>: <OTF2's message>") unless `code` is OTF2_SUCCESS.
void check(OTF2_ErrorCode code, const std::string& what);

} // namespace collscope::model::detail
