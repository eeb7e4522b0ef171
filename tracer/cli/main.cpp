// collscope-trace (`collscope record|calls|stats|check|export`): record any MPI program into
// OTF2, and inspect, check and export traces.
#include "cli.hpp"
#include "collscope/model/load_trace.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace collscope::trace_cli {

namespace {
std::string name = "collscope-trace";
} // namespace

const std::string& program() {
  return name;
}

const char* const trace_note = R"(
TRACE is an archive directory written by the tracer (or its traces.otf2 file). Without --call
or --region, stats, check and export take the whole trace (and say so); with --call N (an
index from `calls`) or --region NAME (a collscope_trace_region_begin/end name), that call's own
trace: times and rounds from 0.
Exit status: 0 ok; 1 a check failed (or the recorded program failed); 2 bad usage or trace.)";

} // namespace collscope::trace_cli

int main(int argc, char** argv) {
  using namespace collscope;
  using namespace collscope::trace_cli;
  // Started as `collscope SUB`: argv[0] is "collscope SUB", the subcommand argv[1].
  const bool front = cli::started_by_front_end(argc > 0 ? argv[0] : nullptr);
  if (front) name = argv[0];
  std::vector<std::string> args(argv + std::min(argc, 1), argv + argc);
  // What follows record's "--" is the program's, whatever it looks like.
  std::vector<std::string> program_words;
  if (!args.empty() && args.front() == "record")
    if (const auto dashes = std::find(args.begin(), args.end(), "--"); dashes != args.end()) {
      program_words.assign(dashes + 1, args.end());
      args.erase(dashes, args.end());
    }

  CLI::App app("Records any MPI program into OTF2, and inspects, checks and exports traces.",
               front ? "collscope" : "collscope-trace");
  app.require_subcommand(1);
  const std::pair<const char*, Command> commands[] = {{"record", add_record(app, program_words)},
                                                      {"calls", add_calls(app)},
                                                      {"stats", add_stats(app)},
                                                      {"check", add_check(app)},
                                                      {"export", add_export(app)}};
  cli::conventions(app, "trace");
  try {
    if (const auto status = cli::parse(app, std::move(args), name)) return *status;
    for (const auto& [command, run] : commands)
      if (app.got_subcommand(command)) return run();
  } catch (const UsageError& e) {
    // Found while running (no such call, an unwritable file): the one line says it all.
    cli::report_error(name, e.what());
  } catch (const model::TraceError& e) {
    // An invalid trace says every problem found, one line each.
    if (e.problems().empty()) cli::report_error(name, e.what());
    for (const std::string& problem : e.problems())
      cli::report_error(name, "invalid trace " + e.path() + ": " + problem);
  }
  return cli::exit_usage;
}
