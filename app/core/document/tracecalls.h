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
  /// Inferred rounds of the call's own trace (model::call_trace); −1 when not computed (a call
  /// of more than TraceCalls::summaryLimit messages, so that a huge trace opens quickly).
  int rounds = -1;
  model::Resemblance resemblance;
};

struct TraceCalls {
  std::vector<model::Call> calls;
  std::vector<CallSummary> summaries; ///< one per call
  static constexpr int summaryLimit = 200000;

  /// Divides `trace` and summarises each call.
  static TraceCalls of(const model::Trace& trace);
  int size() const { return static_cast<int>(calls.size()); }
};

/// "call 3 · bcast/binomial · p = 7 root 0", the title of a call's own document.
QString callTitle(const model::Call& call);
/// "bcast/binomial" with "(exact)" or "(nearest)", or "" when nothing is near.
QString resemblanceText(const model::Resemblance& resemblance);

} // namespace collscope::app
