// One opened trace: the loaded model::Trace, its analyses (computed once, off the GUI thread),
// its positions on every x axis, and the α-β replay for the α and β the user chose.
#pragma once

#include "collscope/cost_defaults.hpp"
#include "collscope/model/replay.hpp"
#include "document/laneintervals.h"
#include "document/messagedensity.h"
#include "document/traceanalyses.h"
#include "geometry/traceclock.h"

#include <QString>
#include <array>
#include <memory>

namespace collscope::app {

class TraceDocument {
public:
  /// The defaults of `collscope-trace stats`: 1 µs per message, 0.2 ns per byte (5 GB/s).
  static constexpr model::AlphaBeta defaultAlphaBeta{default_alpha_s, default_beta_s_per_byte};

  /// Loads and analyses; throws model::TraceError (one-line what()) or LoadCancelled.
  static std::unique_ptr<TraceDocument> load(const QString& path, const LoadControl& control = {});
  /// Analyses an already loaded trace (tests, benchmarks).
  explicit TraceDocument(model::Trace trace, const LoadControl& control = {});

  const model::Trace& trace() const { return m_trace; }
  const TraceAnalyses& analyses() const { return m_analyses; }
  int rankCount() const { return static_cast<int>(m_trace.ranks.size()); }
  int messageCount() const { return static_cast<int>(m_trace.messages.size()); }
  QString path() const { return QString::fromStdString(m_trace.path); }
  /// "gather/binomial  p = 8  root 0  count 1000 MPI_INT", or the file name without metadata.
  QString title() const;

  /// The physical clock, its lanes and message density are built with the document (in the
  /// loader's thread); the round axes' on first use (a big trace opens faster). Call from one
  /// thread only.
  const TraceClock& clock(AxisMode mode) const;
  const LaneIntervals& lanes(AxisMode mode) const;
  /// Per rank, where messages leave and arrive on that axis (built with the lanes).
  const MessageDensity& density(AxisMode mode) const;

  model::AlphaBeta alphaBeta() const { return m_alphaBeta; }
  const model::Replay& replay() const { return m_replay; }
  void setAlphaBeta(model::AlphaBeta parameters);

private:
  model::Trace m_trace;
  TraceAnalyses m_analyses;
  mutable std::array<std::unique_ptr<TraceClock>, 3> m_clocks;
  mutable std::array<std::unique_ptr<LaneIntervals>, 3> m_lanes;
  mutable std::array<std::unique_ptr<MessageDensity>, 3> m_density;
  model::AlphaBeta m_alphaBeta = defaultAlphaBeta;
  model::Replay m_replay;
};

} // namespace collscope::app
