// Loading an OTF2 archive into the trace model (tracer/README.md, "OTF2 conventions").
#pragma once

#include "collscope/model/trace.hpp"

#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>

namespace collscope::model {

/// Why a trace could not be loaded; what() is one line meant for the user:
///   "trace not found: PATH"
///   "not an OTF2 archive: PATH"
///   "incomplete trace: REASON"        (DIR.partial, or a directory holding INCOMPLETE)
///   "truncated or corrupt trace: PATH (DETAIL)"
class TraceError : public std::runtime_error {
public:
  enum class Kind { not_found, not_otf2, incomplete, corrupt };
  TraceError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const { return kind_; }

private:
  Kind kind_;
};

/// How far a load is, 0 … 1: the share of the events read (the definitions announce how many
/// each rank has), then matching; called on the loading thread, often (callers throttle). It
/// must not throw.
using LoadProgress = std::function<void(double fraction)>;

/// Loads the archive at `path` — the archive directory or its `traces.otf2` anchor file — with
/// messages matched (match_messages) and algorithm instances assigned (assign_instances).
/// Throws TraceError, never anything else for a bad file; OTF2's own error output is silenced.
Trace load_trace(const std::filesystem::path& path, const LoadProgress& progress = {});

} // namespace collscope::model
