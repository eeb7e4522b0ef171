#include "document/tracecalls.h"

namespace collscope::app {

namespace {

// Operations and messages a trace holds: what keeping it costs.
std::size_t heldEvents(const model::Trace& trace) {
  std::size_t events = trace.messages.size() + trace.ranks.size();
  for (const model::Rank& rank : trace.ranks) events += rank.operations.size();
  return events;
}

} // namespace

TraceCalls TraceCalls::of(const model::Trace& trace) {
  TraceCalls result;
  result.calls = model::divide_calls(trace);
  result.summaries.resize(result.calls.size());
  std::size_t visited = 0, kept = 0;
  for (std::size_t i = 0; i < result.calls.size(); ++i) {
    visited += trace.messages.size() + static_cast<std::size_t>(result.calls[i].messages);
    if (visited > summaryBudget) break;
    if (result.calls[i].messages > callLimit) continue;
    model::CallSummary& summary =
        result.summaries[i].emplace(model::summarise_call(trace, result.calls[i], result.calls));
    kept += heldEvents(*summary.own);
    if (kept > keepBudget) summary.own.reset();
  }
  return result;
}

const model::CallSummary* TraceCalls::summary(int index) const {
  if (index < 0 || index >= size()) return nullptr;
  const auto& summary = summaries[static_cast<std::size_t>(index)];
  return summary ? &*summary : nullptr;
}

const model::Resemblance& TraceCalls::resemblance(int index) const {
  static const model::Resemblance unknown;
  const model::CallSummary* s = summary(index);
  return s ? s->resembles : unknown;
}

std::shared_ptr<const model::Trace> TraceCalls::ownTrace(int index) const {
  const model::CallSummary* s = summary(index);
  return s ? s->own : nullptr;
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
