// The calls of a whole trace (model::divide_calls) with what the call list shows of each: the
// model's call summary (model::CallSummary: rounds numbered from 0 within the call, the
// algorithm of the registry it resembles, the call's own trace). Computed once with the whole
// trace's document, off the GUI thread.
#pragma once

#include "collscope/model/call_summary.hpp"
#include "collscope/model/calls.hpp"
#include "collscope/model/resemblance.hpp"

#include <QString>
#include <memory>
#include <optional>
#include <vector>

namespace collscope::app {

struct TraceCalls {
  std::vector<model::Call> calls;
  /// One per call. Each summary cuts the call's trace out of the whole one (a pass over all its
  /// messages), so a huge trace or one of thousands of calls is summarised only as far as
  /// summaryBudget messages visited go, a call of more than callLimit messages not at all
  /// (its analyses would cost the load as much again), and the others when they are opened
  /// (TraceDocument::summarise); nullopt until then.
  std::vector<std::optional<model::CallSummary>> summaries;
  static constexpr std::size_t summaryBudget = 3'000'000;
  static constexpr int callLimit = 100'000;
  /// The summaries keep the calls' own traces for the call documents (TraceDocument::forCall),
  /// so that a call is cut once; beyond this many operations and messages kept they are dropped
  /// (a trace of thousands of calls would otherwise be held twice) and cut again when opened.
  static constexpr std::size_t keepBudget = 2'000'000;

  /// Divides `trace` and summarises each call.
  static TraceCalls of(const model::Trace& trace);
  int size() const { return static_cast<int>(calls.size()); }
  /// Call `index`'s summary, or null while it is not computed.
  const model::CallSummary* summary(int index) const;
  /// What call `index` resembles; nothing known (Resemblance::known() false) while its summary
  /// is not computed.
  const model::Resemblance& resemblance(int index) const;
  /// Call `index`'s own trace as its summary cut it, or null.
  std::shared_ptr<const model::Trace> ownTrace(int index) const;
};

/// "call 3 · bcast/binomial · p = 7 root 0", the title of a call's own document.
QString callTitle(const model::Call& call);
/// "bcast/binomial" with "(exact)" or "(nearest)", or "" when nothing is near.
QString resemblanceText(const model::Resemblance& resemblance);

} // namespace collscope::app
