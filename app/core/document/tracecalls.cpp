#include "document/tracecalls.h"

#include "collscope/model/inferred_rounds.hpp"

namespace collscope::app {

CallSummary CallSummary::of(const model::Trace& own, const model::Call& call) {
  CallSummary summary;
  summary.rounds = model::inferred_rounds(own).rounds;
  summary.resemblance = model::resemble(own, call);
  return summary;
}

TraceCalls TraceCalls::of(const model::Trace& trace) {
  TraceCalls result;
  result.calls = model::divide_calls(trace);
  result.summaries.resize(result.calls.size());
  std::size_t visited = 0;
  for (std::size_t i = 0; i < result.calls.size(); ++i) {
    visited += trace.messages.size() + static_cast<std::size_t>(result.calls[i].messages);
    if (visited > summaryBudget) break;
    if (result.calls[i].messages > callLimit) continue;
    result.summaries[i] =
        CallSummary::of(model::call_trace(trace, result.calls[i]), result.calls[i]);
  }
  return result;
}

QString callTitle(const model::Call& call) {
  QString title = QStringLiteral("call %1 · %2 · p = %3")
                      .arg(call.index)
                      .arg(QString::fromStdString(call.name))
                      .arg(call.size());
  if (call.root >= 0) title += QStringLiteral(" root %1").arg(call.root);
  if (const auto count = call.meta.find("count"); count != call.meta.end())
    title += QStringLiteral(" count %1").arg(QString::fromStdString(count->second));
  // A native collective: the algorithm Open MPI ran, as the recorder named it.
  if (call.ompi.recorded())
    title += QStringLiteral(" · Open MPI %1").arg(QString::fromStdString(call.ompi.describe()));
  // SimGrid SMPI's own algorithm, where the import named it ("mpich: …").
  if (!call.library_algorithm.empty())
    title += QStringLiteral(" · %1").arg(QString::fromStdString(call.library_algorithm));
  return title;
}

QString resemblanceText(const model::Resemblance& resemblance) {
  if (!resemblance.known()) return {};
  return QStringLiteral("%1/%2 (%3)")
      .arg(QString::fromStdString(resemblance.collective),
           QString::fromStdString(resemblance.algorithm),
           resemblance.exact ? QStringLiteral("exact") : QStringLiteral("nearest"));
}

} // namespace collscope::app
