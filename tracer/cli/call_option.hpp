// `--call N` and `--region NAME` on a subcommand's command line (calls, stats, check, export):
// which call of the trace it takes (call_select.hpp).
#pragma once

#include "call_select.hpp"
#include "cli.hpp"

namespace collscope::trace_cli {

/// Adds --call and --region to `sub`, filling `option`: one call, named once; both, one twice,
/// or an empty value is a UsageError ("choose one call: …").
void add_call_option(CLI::App& sub, CallOption& option);

} // namespace collscope::trace_cli
