// Shared by the trace subcommands (record, calls, stats, check, export): each defines its
// command line on a CLI11 subcommand (collscope/cli/command.hpp's conventions) and runs it.
#pragma once

#include "collscope/cli/command.hpp"

#include <functional>
#include <string>
#include <vector>

namespace collscope::trace_cli {

/// A mistake of the user's (bad option, unreadable trace): exit status 2.
using UsageError = cli::UsageError;

/// What runs a subcommand once its command line is parsed; returns the exit status.
using Command = std::function<int()>;

/// Each adds its subcommand to `app` and returns what runs it. `record` is also handed what
/// follows its "--": the program to run.
Command add_record(CLI::App& app, const std::vector<std::string>& after_dashes);
Command add_calls(CLI::App& app);
Command add_stats(CLI::App& app);
Command add_check(CLI::App& app);
Command add_export(CLI::App& app);

/// The lines after every trace subcommand's options: what TRACE is, and --call/--region.
extern const char* const trace_note;

/// The name the trace subcommands call themselves in messages: "collscope-trace", or
/// "collscope SUB" when the front end started them (set by main).
const std::string& program();

} // namespace collscope::trace_cli
