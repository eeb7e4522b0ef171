// collscope-trace: record any MPI program into OTF2, and inspect, check and export traces.
#include "cli.hpp"
#include "collscope/model/load_trace.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

namespace collscope::trace_cli {

std::string_view value_of(Args args, std::size_t& i) {
  if (i + 1 >= args.size()) throw UsageError("option " + std::string(args[i]) + " needs a value");
  return args[++i];
}

double positive_number(std::string_view option, std::string_view text, bool allow_zero) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) ||
      value < 0 || (!allow_zero && value == 0))
    throw UsageError(std::string(option) + " expects a finite " +
                     (allow_zero ? "non-negative" : "positive") + " number, got '" +
                     std::string(text) + "'");
  return value;
}

std::uint64_t whole_number(std::string_view option, std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc::result_out_of_range)
    throw UsageError(std::string(option) + " expects a whole number up to " +
                     std::to_string(UINT64_MAX) + ", got '" + std::string(text) + "'");
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw UsageError(std::string(option) + " expects a whole number ≥ 0, got '" +
                     std::string(text) + "'");
  return value;
}

namespace {

struct Usage {
  const char* command;
  const char* text; ///< from the command's name on: its synopsis and what it does
};

constexpr Usage usages[] = {
    {"record", R"(record -o DIR [--watchdog S] -- COMMAND...
                                   run an MPI program (e.g. mpirun -np 4 ./a.out) with the
                                   tracer preloaded; the OTF2 archive goes to DIR; with
                                   --watchdog, a run whose ranks all sit in MPI calls for S
                                   seconds is reported (each rank's call) and stopped
)"},
    {"calls", R"(calls TRACE [--call N | --region NAME] [--json] [--wide]
                                   the trace's calls, one line each: algorithm runs, grader
                                   cases, native collectives, user regions and the
                                   point-to-point phases between them; communicator size,
                                   root, ranks, messages, bytes, rounds (from 0 within each
                                   call; "!" where inconsistent), the algorithm Open MPI ran
                                   and the one each call resembles, in full, within 100
                                   columns; --wide cuts nothing (and adds each call's kind);
                                   with --call, one call in full: every field, the
                                   resemblance in words, the rounds' consistency
)"},
    {"stats", R"(stats TRACE [--call N | --region NAME] [--alpha A] [--beta B] [--json]
              [--alpha-node A] [--beta-node B] [--lanes K] [--ports K]
              [--ranks-per-node N [--placement consecutive|round-robin] | --nodes N,N,...]
                                   ranks, messages and bytes between ranks (a rank's messages
                                   to itself apart), inferred and annotated rounds, critical
                                   path, waiting per rank, α-β replay; nodes (the trace's
                                   layout or the one given), bytes into and out of each node,
                                   two-level replay (α, β inside a node; --alpha, --beta
                                   between nodes) and k-lane replay (K lanes per node)
)"},
    {"check", R"(check TRACE [--call N | --region NAME] [--max-rounds N] [--max-bytes-per-rank B]
              [--max-messages N] [--rounds inferred|annotated]
                                   exit 1 and say which bound the trace exceeds
)"},
    {"export", R"(export TRACE [--call N | --region NAME] --perfetto OUT.json
                                   Chrome/Perfetto trace-event JSON (ui.perfetto.dev)
)"},
};

constexpr const char* trace_note = R"(
TRACE is an archive directory written by the tracer (or its traces.otf2 file). Without --call
or --region, stats, check and export take the whole trace (and say so); with --call N (an
index from `calls`) or --region NAME (a collscope_trace_region_begin/end name), that call's own
trace: times and rounds from 0.
Exit status: 0 ok; 1 a check failed (or the recorded program failed); 2 bad usage or trace.
)";

std::string usage() {
  std::string out = "usage: collscope-trace COMMAND ... (COMMAND --help: that command alone)\n\n";
  for (const Usage& u : usages) out += std::string("  ") + u.text;
  return out + trace_note;
}

bool is_help(std::string_view arg) {
  return arg == "--help" || arg == "-h";
}

} // namespace

int print_usage(std::string_view command) {
  for (const Usage& u : usages)
    if (command == u.command) {
      std::printf("usage: collscope-trace %s%s", u.text, command == "record" ? "" : trace_note);
      return 0;
    }
  std::fputs(usage().c_str(), stdout);
  return 0;
}

bool wants_help(Args args) {
  return std::any_of(args.begin(), args.end(), [](const char* a) { return is_help(a); });
}

} // namespace collscope::trace_cli

int main(int argc, char** argv) {
  using namespace collscope::trace_cli;
  const Args all(argv + 1, static_cast<std::size_t>(argc > 0 ? argc - 1 : 0));
  if (all.empty()) {
    std::fputs(usage().c_str(), stderr);
    return 2;
  }
  const std::string_view command = all[0];
  if (is_help(command)) return print_usage("");
  const Args rest = all.subspan(1);
  try {
    // `record`'s own loop finds its --help: after its options, an argument is the program's.
    if (command != "record" && wants_help(rest) &&
        std::any_of(std::begin(usages), std::end(usages),
                    [&](const Usage& u) { return command == u.command; }))
      return print_usage(command);
    if (command == "record") return run_record(rest);
    if (command == "calls") return run_calls(rest);
    if (command == "stats") return run_stats(rest);
    if (command == "check") return run_check(rest);
    if (command == "export") return run_export(rest);
    throw UsageError("unknown command '" + std::string(command) +
                     "': use record, calls, stats, check or export (see --help)");
  } catch (const UsageError& e) {
    std::fprintf(stderr, "collscope-trace: error: %s\n", e.what());
  } catch (const collscope::model::TraceError& e) {
    // An invalid trace says every problem found, one line each.
    if (e.problems().empty()) std::fprintf(stderr, "collscope-trace: error: %s\n", e.what());
    for (const std::string& problem : e.problems())
      std::fprintf(stderr, "collscope-trace: error: invalid trace %s: %s\n", e.path().c_str(),
                   problem.c_str());
  }
  return 2;
}
