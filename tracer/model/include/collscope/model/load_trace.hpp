// Loading an OTF2 archive into the trace model (tracer/README.md, "OTF2 conventions").
#pragma once

#include "collscope/model/trace.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace collscope::model {

/// Why a trace could not be loaded; what() is one line meant for the user:
///   "trace not found: PATH"
///   "not an OTF2 archive: PATH"
///   "incomplete trace: REASON"        (DIR.partial, or a directory holding INCOMPLETE,
///                                      without a written archive)
///   "truncated or corrupt trace: PATH (DETAIL)"
///   "invalid trace: PATH: PROBLEM" (+ "; and N more")   problems() has one line each
///   "loading cancelled: PATH"
class TraceError : public std::runtime_error {
public:
  enum class Kind { not_found, not_otf2, incomplete, corrupt, invalid, cancelled };
  TraceError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  /// An invalid trace: readable, but what it records cannot be true (see problems()).
  TraceError(const std::string& path, std::vector<std::string> problems);
  Kind kind() const { return kind_; }
  /// The trace as given (invalid traces only, else empty).
  const std::string& path() const { return path_; }
  /// Invalid traces: one line per problem, without the path.
  const std::vector<std::string>& problems() const { return problems_; }

private:
  Kind kind_;
  std::string path_;
  std::vector<std::string> problems_;
};

/// Called as a load advances: `done` of `total` units of work, where a unit is one event read
/// from the archive (total = the events its definitions announce, or 0 if it announces none)
/// or one event's share of matching and checking; `done` only grows and reaches `total` at
/// the end. Return false to cancel: load_trace then throws TraceError(Kind::cancelled).
using LoadProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

/// Loads the archive at `path` — the archive directory or its `traces.otf2` anchor file — with
/// messages matched (match_messages) and algorithm instances assigned (assign_instances), and
/// checks what the trace claims (timestamps in order and inside the trace's clock range,
/// algorithm metadata in range and free of control characters). Bad timestamps make the trace
/// invalid; bad metadata makes only its own call suspect: AlgorithmInstance::problems says what,
/// and the bad values are left out.
/// An archive next to an INCOMPLETE file (a run that died, or stopped recording early) loads,
/// with Trace::incomplete saying why; given DIR, its DIR.partial is loaded then.
/// Throws TraceError, never anything else for a bad file; OTF2's own error output is silenced.
Trace load_trace(const std::filesystem::path& path, const LoadProgress& progress = {});

} // namespace collscope::model
