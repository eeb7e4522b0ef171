// What a user is told of each call of a trace, computed in one place for `collscope-trace
// calls` and the app's Calls list: where it sits among the calls, its communicator, its rounds
// (inferred and annotated, on its own trace, numbered from 0) and the algorithm of the registry
// it resembles. The call's own trace (call_trace) is cut once and handed on, so whoever opens
// the call next (the app's call document) does not cut it again.
#pragma once

#include "collscope/model/calls.hpp"
#include "collscope/model/resemblance.hpp"
#include "collscope/model/trace.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace collscope::model {

struct CallSummary {
  Call call;
  int depth = 0;           ///< calls it runs inside (0: outermost)
  int rounds_inferred = 0; ///< on the call's own trace, numbered from 0
  int rounds_annotated = 0;
  bool rounds_consistent = true; ///< InferredRounds::consistent
  /// The communicator's name (communicator_name), "" when the call used several.
  std::string communicator;
  Resemblance resembles;
  /// The call's own trace (call_trace), or null where the summary was made without keeping it.
  std::shared_ptr<const Trace> own;
};

/// The name the trace gives communicator `comm` ("MPI_COMM_WORLD", "row 2"), else "comm N".
std::string communicator_name(const Trace& trace, std::uint32_t comm);

/// Call `call` of `whole`, one of `all` (divide_calls(whole), for its depth): its own trace is
/// cut once, analysed, and kept in `own`.
CallSummary summarise_call(const Trace& whole, const Call& call, const std::vector<Call>& all);
/// The same from the call's own trace, already cut (call_trace(whole, call)); `own` keeps it.
CallSummary summarise_call(std::shared_ptr<const Trace> own, const Call& call,
                           const std::vector<Call>& all);

/// Every call of `trace` (divide_calls), in order, without keeping their own traces: a trace of
/// thousands of calls would hold its operations twice.
std::vector<CallSummary> summarise_calls(const Trace& trace);

} // namespace collscope::model
