#include "document/tracedocument.h"

#include "collscope/model/instances.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/network_file.hpp"

#include <QFileInfo>

namespace collscope::app {

namespace {

std::size_t slot(AxisMode mode) {
  return static_cast<std::size_t>(mode);
}

} // namespace

std::unique_ptr<TraceDocument> TraceDocument::load(const QString& path,
                                                   const LoadControl& control) {
  // Shares of the work measured on a 1M-message trace (bench/app): reading the events ~40 %,
  // the analyses ~45 %, lanes and replay the rest. The reading share moves with the events read.
  constexpr int readShare = 40;
  const QString reading = QStringLiteral("Reading %1").arg(QFileInfo(path).fileName());
  control.report(0, reading);
  int shown = 0;
  model::Trace trace;
  try {
    trace = model::load_trace(path.toStdString(), [&](std::uint64_t done, std::uint64_t total) {
      if (control.isCancelled()) return false;
      const double fraction =
          total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 0;
      const int percent = static_cast<int>(fraction * readShare);
      if (percent == shown) return true; // the model reports often; the dialog needs whole percents
      shown = percent;
      control.report(percent, reading);
      return true;
    });
  } catch (const model::TraceError& error) {
    if (error.kind() == model::TraceError::Kind::cancelled) throw LoadCancelled();
    throw;
  }
  if (control.isCancelled()) throw LoadCancelled();
  LoadControl rest = control;
  rest.progress = [&control](int percent, const QString& step) {
    control.report(readShare + percent * (100 - readShare) / 100, step);
  };
  return std::make_unique<TraceDocument>(std::move(trace), rest);
}

TraceDocument::TraceDocument(model::Trace trace, const LoadControl& control)
    : TraceDocument(std::make_shared<const model::Trace>(std::move(trace)), control) {}

TraceDocument::TraceDocument(std::shared_ptr<const model::Trace> trace, const LoadControl& control)
    : m_trace(std::move(trace)) {
  LoadControl analyses = control;
  analyses.progress = [&control](int percent, const QString& step) {
    control.report(percent * 75 / 100, step);
  };
  m_analyses = analyseTrace(*m_trace, analyses, 0);
  if (control.isCancelled()) throw LoadCancelled();
  control.report(75, QStringLiteral("Laying out the lanes"));
  lanes(AxisMode::time);
  density(AxisMode::time);
  if (control.isCancelled()) throw LoadCancelled();
  // The whole trace is divided into calls; a call's own trace is one call already.
  if (!m_trace->call) {
    control.report(85, QStringLiteral("Dividing into calls"));
    m_calls = TraceCalls::of(*m_trace);
  }
  if (control.isCancelled()) throw LoadCancelled();
  control.report(90, QStringLiteral("Replaying with α and β"));
  // α and β start as the measured network's where collscope-calibrate wrote one
  // (collscope/network_file.hpp), as in `collscope-trace stats`; else collscope's defaults.
  try {
    const MeasuredNetwork measured = measured_network();
    m_alphaBeta = {measured.alpha_s, measured.beta_s_per_byte};
  } catch (const std::exception&) {
    // An unreadable network file leaves the defaults; `collscope-trace stats` says why.
  }
  m_replay = model::replay_alpha_beta(*m_trace, m_alphaBeta);
  m_layout = model::layout_of(*m_trace);
  m_nodeVolume = model::node_volume(*m_trace, m_layout);
  replayNodes();
  control.report(100, QStringLiteral("Done"));
}

std::unique_ptr<TraceDocument> TraceDocument::forCall(const TraceDocument& whole, int index,
                                                      const LoadControl& control) {
  const model::Call& call = whole.m_calls.calls.at(static_cast<std::size_t>(index));
  // The call's own trace as its summary cut it at load; cut here where the load left it out.
  std::shared_ptr<const model::Trace> own = whole.m_calls.ownTrace(index);
  if (!own) own = std::make_shared<const model::Trace>(model::call_trace(*whole.m_trace, call));
  auto document = std::make_unique<TraceDocument>(std::move(own), control);
  document->m_call = call;
  return document;
}

void TraceDocument::summarise(int index, const TraceDocument& own) {
  if (index < 0 || index >= m_calls.size() || own.call() == nullptr) return;
  std::optional<model::CallSummary>& summary = m_calls.summaries[static_cast<std::size_t>(index)];
  if (summary) return;
  // From the call document's trace: the call is not cut again.
  summary = model::summarise_call(own.m_trace, *own.call(), m_calls.calls);
}

int TraceDocument::processCount() const {
  return model::process_count(*m_trace);
}

QString TraceDocument::title() const {
  // A run that died: every title (window, exports) says that its trace stops early.
  const QString incomplete =
      m_trace->incomplete.empty() ? QString() : QStringLiteral("   (incomplete trace)");
  if (m_call) return callTitle(*m_call) + incomplete;
  // A program of several calls: the title says it is the whole of it (the Calls list scopes).
  int topLevel = 0;
  for (const model::Call& call : m_calls.calls) topLevel += call.parent == model::no_index;
  const QString whole =
      topLevel > 1 ? QStringLiteral("whole program (%1 calls) · ").arg(topLevel) : QString();
  if (m_trace->algorithms.empty()) {
    // One native call and nothing else (collscope-run --algorithm native or ompi:NAME, a
    // program of one collective): that call's title names it, rather than the directory.
    // Short, as an algorithm's title is: "MPI_Bcast · Open MPI pipeline   p = 8   root 0".
    if (topLevel == 1)
      for (const model::Call& call : m_calls.calls) {
        if (call.parent != model::no_index || call.kind != model::CallKind::collective) continue;
        QString title = QString::fromStdString(call.name);
        if (call.ompi.recorded() && call.ompi.name != "unknown")
          title += QStringLiteral(" · Open MPI %1").arg(QString::fromStdString(call.ompi.name));
        else if (!call.library_algorithm.empty())
          title += QStringLiteral(" · %1").arg(QString::fromStdString(call.library_algorithm));
        title += QStringLiteral("   p = %1").arg(call.size());
        if (call.root >= 0) title += QStringLiteral("   root %1").arg(call.root);
        return title + incomplete;
      }
    return whole + QFileInfo(path()).fileName() + incomplete;
  }
  const model::AlgorithmInstance& a = m_trace->algorithms.front();
  QString title = whole + QString::fromStdString(a.name);
  if (m_trace->algorithms.size() > 1)
    title += QStringLiteral(" ×%1").arg(m_trace->algorithms.size());
  title += QStringLiteral("   p = %1").arg(processCount());
  const auto meta = [&a](const char* key) {
    const auto it = a.meta.find(key);
    return it == a.meta.end() ? QString() : QString::fromStdString(it->second);
  };
  if (!meta("root").isEmpty()) title += QStringLiteral("   root %1").arg(meta("root"));
  if (!meta("count").isEmpty())
    title += QStringLiteral("   count %1 %2").arg(meta("count"), meta("datatype"));
  if (!meta("blocks").isEmpty()) title += QStringLiteral("   %1 blocks").arg(meta("blocks"));
  return title + incomplete;
}

const TraceClock& TraceDocument::clock(AxisMode mode) const {
  auto& clock = m_clocks[slot(mode)];
  if (!clock) {
    switch (mode) {
    case AxisMode::time:
      clock = std::make_unique<TraceClock>(TraceClock::physical(*m_trace, m_analyses));
      break;
    case AxisMode::inferredRounds:
      clock = std::make_unique<TraceClock>(TraceClock::inferredRounds(*m_trace, m_analyses));
      break;
    case AxisMode::annotatedRounds:
      clock = std::make_unique<TraceClock>(TraceClock::annotatedRounds(*m_trace, m_analyses));
      break;
    }
  }
  return *clock;
}

const LaneIntervals& TraceDocument::lanes(AxisMode mode) const {
  auto& lanes = m_lanes[slot(mode)];
  if (!lanes)
    lanes =
        std::make_unique<LaneIntervals>(LaneIntervals::build(*m_trace, m_analyses, clock(mode)));
  return *lanes;
}

const MessageDensity& TraceDocument::density(AxisMode mode) const {
  auto& density = m_density[slot(mode)];
  if (!density)
    density = std::make_unique<MessageDensity>(MessageDensity::build(*m_trace, clock(mode)));
  return *density;
}

void TraceDocument::setAlphaBeta(model::AlphaBeta parameters) {
  m_alphaBeta = parameters;
  m_replay = model::replay_alpha_beta(*m_trace, m_alphaBeta);
  replayNodes();
}

void TraceDocument::setNodeLayout(model::NodeLayout layout) {
  m_layout = std::move(layout);
  ++m_layoutRevision;
  m_nodeVolume = model::node_volume(*m_trace, m_layout);
  replayNodes();
}

void TraceDocument::setNodeParameters(NodeParameters parameters) {
  m_nodeParameters = parameters;
  replayNodes();
}

void TraceDocument::replayNodes() {
  model::TwoLevel m{m_nodeParameters.node, m_alphaBeta, 0, 1};
  m_twoLevel = model::replay_two_level(*m_trace, m_layout, m);
  // On one node no transfer takes a lane: the k-lane replay is the same (and a big trace
  // without a layout pays for one replay, not two).
  if (m_layout.nodes <= 1) {
    m_kLane = m_twoLevel;
    return;
  }
  m.lanes = m_nodeParameters.lanes;
  m_kLane = model::replay_two_level(*m_trace, m_layout, m);
}

} // namespace collscope::app
