#include "call_select.hpp"

#include <utility>

namespace collscope::trace_cli {

Scoped scope_trace(model::Trace whole, const CallOption& option) {
  Scoped s;
  const std::vector<model::Call> calls = model::divide_calls(whole);
  s.calls = calls.size();
  if (option.selector.empty()) {
    s.trace = std::move(whole);
    return s;
  }
  std::string error;
  const model::Call* call = model::find_call(calls, option.selector, option.by_region, error);
  if (call == nullptr) throw UsageError(error);
  s.call = *call;
  s.trace = model::call_trace(whole, *call);
  return s;
}

nlohmann::ordered_json call_json(const Scoped& s) {
  if (!s.call) return nullptr;
  return {
      {"index", s.call->index}, {"name", s.call->name}, {"kind", model::to_string(s.call->kind)}};
}

void add_scope_json(nlohmann::ordered_json& out, const Scoped& s) {
  out["scope"] = s.call ? "call" : "whole trace";
  out["calls"] = s.calls;
  out["call"] = call_json(s);
}

std::string scope_text(const Scoped& s) {
  if (!s.call)
    return "whole trace (" + std::to_string(s.calls) + (s.calls == 1 ? " call" : " calls") +
           ": `collscope-trace calls` lists them, --call N picks one)";
  return "call " + std::to_string(s.call->index) + ": " + s.call->name + " (" +
         model::to_string(s.call->kind) + ", " + std::to_string(s.call->size()) +
         (s.call->size() == 1 ? " rank" : " ranks") + "; times and rounds from 0)";
}

} // namespace collscope::trace_cli
