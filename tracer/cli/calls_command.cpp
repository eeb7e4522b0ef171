// `collscope-trace calls TRACE [--call N | --region NAME] [--json] [--wide]`: the calls of a
// trace (model::divide_calls), each with its communicator, root, ranks, messages, bytes, rounds
// (from 0, on the call's own trace) and what it resembles, within 100 columns (--wide: nothing
// cut); with --call, one call in full, the resemblance in words. The JSON is documented in
// tracer/README.md ("calls").
#include "call_rows.hpp"
#include "call_select.hpp"
#include "cli.hpp"
#include "collscope/model/load_trace.hpp"
#include "load.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace collscope::trace_cli {

int run_calls(Args args) {
  std::string path;
  bool json = false, wide = false;
  CallOption one;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--json")
      json = true;
    else if (arg == "--wide")
      wide = true;
    else if (one.parse(args, i))
      continue;
    else if (arg.starts_with("-"))
      throw UsageError("unknown option '" + std::string(arg) + "' for calls");
    else if (path.empty())
      path = arg;
    else
      throw UsageError("calls takes one TRACE, got also '" + std::string(arg) + "'");
  }
  if (path.empty()) throw UsageError("calls needs a TRACE");
  const model::Trace trace = load(path);
  if (!one.selector.empty()) {
    const std::vector<model::Call> calls = model::divide_calls(trace);
    std::string error;
    const model::Call* call = model::find_call(calls, one.selector, one.by_region, error);
    if (call == nullptr) throw UsageError(error);
    const CallRow row = call_row(trace, *call, calls);
    if (json)
      std::printf("%s\n", row_json(row).dump(2).c_str());
    else
      std::fputs(row_detail(row).c_str(), stdout);
    return 0;
  }
  const std::vector<CallRow> rows = call_rows(trace);
  if (!trace.incomplete.empty())
    std::fprintf(stderr, "collscope-trace: warning: incomplete trace: %s\n",
                 trace.incomplete.c_str());
  if (json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const CallRow& row : rows) out.push_back(row_json(row));
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
  }
  std::printf("%s: %zu %s\n", trace.path.c_str(), rows.size(), rows.size() == 1 ? "call" : "calls");
  std::fputs(rows_text(rows, wide ? 0 : 100).c_str(), stdout);
  return 0;
}

} // namespace collscope::trace_cli
