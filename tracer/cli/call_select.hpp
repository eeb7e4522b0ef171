// `--call N` and `--region NAME` of stats, check and export: which part of a trace they
// analyse. With one, the call's own trace (model::call_trace: times and rounds from 0); without,
// the whole trace, and the output says so (how many calls it holds).
#pragma once

#include "cli.hpp"
#include "collscope/model/calls.hpp"
#include "collscope/model/trace.hpp"

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace collscope::trace_cli {

struct CallOption {
  std::string selector;   ///< N of --call N, or NAME of --region NAME; empty: the whole trace
  bool by_region = false; ///< (call_option.hpp puts them on the command line)
};

struct Scoped {
  model::Trace trace;              ///< the call's own trace, or the whole trace
  std::optional<model::Call> call; ///< the chosen call (as divide_calls of the whole trace)
  std::size_t calls = 0;           ///< calls of the whole trace
};

/// The part of `whole` the option names; a UsageError with model::find_call's line if none.
Scoped scope_trace(model::Trace whole, const CallOption& option);

/// {"index", "name", "kind"} of the chosen call, or null for the whole trace.
nlohmann::ordered_json call_json(const Scoped& s);
/// Adds "scope" ("call" or "whole trace"), "calls" (of the whole trace) and "call".
void add_scope_json(nlohmann::ordered_json& out, const Scoped& s);
/// "call 3: MPI_Bcast (collective, 6 ranks; times and rounds from 0)", or "whole trace (7
/// calls: `collscope-trace calls` lists them, --call N picks one)".
std::string scope_text(const Scoped& s);

} // namespace collscope::trace_cli
