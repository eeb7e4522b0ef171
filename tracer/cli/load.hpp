// Loading a trace for a collscope-trace subcommand.
#pragma once

#include "collscope/model/load_trace.hpp"

#include <string>

namespace collscope::trace_cli {

/// model::load_trace, and one warning line on stderr per call whose metadata cannot be true
/// (that call's bad values are left out; every other call reads as usual).
model::Trace load(const std::string& path);

} // namespace collscope::trace_cli
