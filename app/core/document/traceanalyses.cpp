#include "document/traceanalyses.h"

#include "document/criticalchain.h"

#include <algorithm>

namespace collscope::app {

namespace {

class Steps {
public:
  Steps(const LoadControl& control, int first, int count)
      : m_control(control), m_first(first), m_count(count) {}
  void next(const QString& what) {
    if (m_control.isCancelled()) throw LoadCancelled();
    m_control.report(m_first + (100 - m_first) * m_done / m_count, what);
    ++m_done;
  }

private:
  const LoadControl& m_control;
  int m_first;
  int m_count;
  int m_done = 0;
};

} // namespace

TraceAnalyses analyseTrace(const model::Trace& trace, const LoadControl& control,
                           int firstPercent) {
  TraceAnalyses a;
  Steps steps(control, firstPercent, 6);
  steps.next(QStringLiteral("Counting bytes"));
  a.volume = model::volume(trace);
  const std::size_t ranks = trace.ranks.size();
  a.rankEnd.assign(ranks, 0.0);
  for (std::size_t r = 0; r < ranks; ++r) {
    const auto& ops = trace.ranks[r].operations;
    if (!ops.empty()) a.rankEnd[r] = ops.back().time;
    for (const model::Region& region : trace.ranks[r].regions)
      a.rankEnd[r] = std::max(a.rankEnd[r], region.end);
  }
  a.messagesSent.assign(ranks, 0);
  a.messagesReceived.assign(ranks, 0);
  for (const model::Message& m : trace.messages) {
    ++a.messagesSent[static_cast<std::size_t>(m.sender)];
    ++a.messagesReceived[static_cast<std::size_t>(m.receiver)];
  }
  steps.next(QStringLiteral("Inferring rounds"));
  a.inferred = model::inferred_rounds(trace);
  steps.next(QStringLiteral("Reading annotated rounds"));
  a.annotated = model::annotated_rounds(trace);
  a.collective = collectiveRounds(trace, a.inferred, a.annotated);
  steps.next(QStringLiteral("Measuring waiting times"));
  a.waiting = model::waiting_times(trace);
  steps.next(QStringLiteral("Finding the critical path"));
  a.criticalPath = model::critical_path(trace);
  a.criticalChains = criticalChains(trace);
  steps.next(QStringLiteral("Done"));
  return a;
}

} // namespace collscope::app
