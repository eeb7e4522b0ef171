// `collscope calls TRACE [--call N | --region NAME] [--json] [--wide]`: the calls of a
// trace (model::divide_calls), each with its communicator, root, ranks, messages, bytes, rounds
// (from 0, on the call's own trace) and what it resembles, within 100 columns (--wide: nothing
// cut); with --call, one call in full, the resemblance in words. The JSON is documented in
// tracer/README.md ("calls").
#include "call_option.hpp"
#include "call_rows.hpp"
#include "call_select.hpp"
#include "cli.hpp"
#include "collscope/model/load_trace.hpp"
#include "load.hpp"

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace collscope::trace_cli {

namespace {

struct CallsArgs {
  std::string path;
  bool json = false, wide = false;
  CallOption one;
};

int run_calls(const CallsArgs& a) {
  const std::string& path = a.path;
  const bool json = a.json, wide = a.wide;
  const CallOption& one = a.one;
  const model::Trace trace = load(path);
  if (!one.selector.empty()) {
    const std::vector<model::Call> calls = model::divide_calls(trace);
    std::string error;
    const model::Call* call = model::find_call(calls, one.selector, one.by_region, error);
    if (call == nullptr) throw UsageError(error);
    const model::CallSummary row = model::summarise_call(trace, *call, calls);
    if (json)
      std::printf("%s\n", row_json(row).dump(2).c_str());
    else
      std::fputs(row_detail(row).c_str(), stdout);
    return 0;
  }
  const std::vector<model::CallSummary> rows = model::summarise_calls(trace);
  if (!trace.incomplete.empty())
    std::fprintf(stderr, "%s: warning: incomplete trace: %s\n", program().c_str(),
                 trace.incomplete.c_str());
  if (json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const model::CallSummary& row : rows) out.push_back(row_json(row));
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
  }
  std::printf("%s: %zu %s\n", trace.path.c_str(), rows.size(), rows.size() == 1 ? "call" : "calls");
  std::fputs(rows_text(rows, wide ? 0 : 100).c_str(), stdout);
  return 0;
}

} // namespace

Command add_calls(CLI::App& app) {
  CLI::App& sub = *app.add_subcommand(
      "calls",
      R"(The trace's calls, one line each: algorithm runs, grader cases, native collectives,
user regions and the point-to-point phases between them; communicator size, root, ranks,
messages, bytes, rounds (from 0 within each call; "!" where inconsistent), the algorithm
Open MPI ran and the one each call resembles, in full, within 100 columns. With --call,
one call in full: every field, the resemblance in words, the rounds' consistency.)");
  const auto a = std::make_shared<CallsArgs>();
  cli::synopsis(sub, {"TRACE [--call N | --region NAME] [--json] [--wide]"});
  sub.footer(trace_note);
  sub.add_option("TRACE", a->path, "the trace (an archive directory or its traces.otf2)")
      ->required()
      ->type_name("");
  add_call_option(sub, a->one);
  sub.add_flag("--json", a->json, "the same as JSON (tracer/README.md, \"calls\")");
  sub.add_flag("--wide", a->wide, "cut nothing (and add each call's kind)");
  return [a] { return run_calls(*a); };
}

} // namespace collscope::trace_cli
