// collscope-trace: record any MPI program into OTF2, and inspect, check and export traces.
#include "cli.hpp"
#include "collscope/model/load_trace.hpp"

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

constexpr const char* usage = R"(usage: collscope-trace COMMAND ...

  record -o DIR [--watchdog S] -- COMMAND...
                                   run an MPI program (e.g. mpirun -np 4 ./a.out) with the
                                   tracer preloaded; the OTF2 archive goes to DIR; with
                                   --watchdog, a run whose ranks all sit in MPI calls for S
                                   seconds is reported (each rank's call) and stopped
  calls TRACE [--call N | --region NAME] [--json]
                                   the trace's calls, one line each: algorithm runs, grader
                                   cases, native collectives, user regions and the
                                   point-to-point phases between them; communicator size,
                                   root, ranks, messages, bytes, rounds (from 0 within each
                                   call) and the algorithm each one resembles; with --call,
                                   one call in full, the resemblance in words
  stats TRACE [--call N | --region NAME] [--alpha A] [--beta B] [--json]
              [--alpha-node A] [--beta-node B] [--lanes K] [--ports K]
              [--ranks-per-node N [--placement consecutive|round-robin] | --nodes N,N,...]
                                   ranks, messages and bytes between ranks (a rank's messages
                                   to itself apart), inferred and annotated rounds, critical
                                   path, waiting per rank, α-β replay; nodes (the trace's
                                   layout or the one given), bytes into and out of each node,
                                   two-level replay (α, β inside a node; --alpha, --beta
                                   between nodes) and k-lane replay (K lanes per node)
  check TRACE [--call N | --region NAME] [--max-rounds N] [--max-bytes-per-rank B]
              [--max-messages N] [--rounds inferred|annotated]
                                   exit 1 and say which bound the trace exceeds
  export TRACE [--call N | --region NAME] --perfetto OUT.json
                                   Chrome/Perfetto trace-event JSON (ui.perfetto.dev)

TRACE is an archive directory written by the tracer (or its traces.otf2 file). Without --call
or --region, stats, check and export take the whole trace (and say so); with --call N (an
index from `calls`) or --region NAME (a collscope_trace_region_begin/end name), that call's own
trace: times and rounds from 0.
Exit status: 0 ok; 1 a check failed (or the recorded program failed); 2 bad usage or trace.
)";

} // namespace

} // namespace collscope::trace_cli

int main(int argc, char** argv) {
  using namespace collscope::trace_cli;
  const Args all(argv + 1, static_cast<std::size_t>(argc > 0 ? argc - 1 : 0));
  if (all.empty() || std::string_view(all[0]) == "--help" || std::string_view(all[0]) == "-h") {
    std::fputs(usage, all.empty() ? stderr : stdout);
    return all.empty() ? 2 : 0;
  }
  const std::string_view command = all[0];
  const Args rest = all.subspan(1);
  try {
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
