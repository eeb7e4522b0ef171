// The calls of a whole trace (model::divide_calls) with what the call list shows of each: its
// rounds, numbered from 0 within the call, and the algorithm of the registry it resembles.
// Computed once with the whole trace's document, off the GUI thread.
#pragma once

#include "collscope/model/calls.hpp"
#include "collscope/model/resemblance.hpp"

#include <QString>
#include <vector>

namespace collscope::app {

struct CallSummary {
  /// Inferred rounds of the call's own trace (model::call_trace); −1 until computed.
  int rounds = -1;
  model::Resemblance resemblance;
  bool computed() const { return rounds >= 0; }
  /// From the call's own trace.
  static CallSummary of(const model::Trace& own, const model::Call& call);
};

struct TraceCalls {
  std::vector<model::Call> calls;
  /// One per call. Each summary cuts the call's trace out of the whole one (a pass over all its
  /// messages), so a huge trace or one of thousands of calls is summarised only as far as
  /// summaryBudget messages visited go, a call of more than callLimit messages not at all
  /// (its analyses would cost the load as much again), and the others when they are selected.
  std::vector<CallSummary> summaries;
  static constexpr std::size_t summaryBudget = 3'000'000;
  static constexpr int callLimit = 100'000;

  /// Divides `trace` and summarises each call.
  static TraceCalls of(const model::Trace& trace);
  int size() const { return static_cast<int>(calls.size()); }
};

/// "call 3 · bcast/binomial · p = 7 root 0", the title of a call's own document.
QString callTitle(const model::Call& call);
/// "bcast/binomial" with "(exact)" or "(nearest)", or "" when nothing is near.
QString resemblanceText(const model::Resemblance& resemblance);

} // namespace collscope::app
