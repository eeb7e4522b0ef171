// collscope-run's command line as typed, before it is checked against the collective and p:
// one CLI11 definition (usage.cpp) for the parse, the --help text, the man page and the bash
// completion.
#pragma once

#include <optional>
#include <span>
#include <string>

namespace collscope::run {

/// What the user typed.
struct Raw {
  bool help = false, version = false, list = false, json = false, wide = false, in_place = false,
       trace_warmup = false, no_verify = false;
  std::string help_text; ///< with help: the usage (CLI11's layout of the definitions)
  std::optional<std::string> positional, algorithm, root, count, datatype, op, repetitions, warmup,
      seed, blocks, piece, trace, problem, block, displs, threshold, network, alpha, beta, platform,
      nodes, ranks_per_node, placement, segment, fanout, max_requests, radix, stencil, dims,
      topology, runs; // runs: taken apart before parsing (algorithm_list.hpp)
};

/// The name collscope-run calls itself ("collscope run" when the front end started it,
/// else "collscope-run"; collscope/cli/command.hpp); set by main from argv[0].
const std::string& program();
void set_program(const char* argv0);

/// Fills `raw` from `args` (without the program name); returns a usage error's message or "".
/// --help and --version are raw.help and raw.version.
std::string scan(std::span<char* const> args, Raw& raw);

} // namespace collscope::run
