// Where things happen along the x axis of every view: physical time, or logical rounds
// (inferred from the message order, or as the algorithm annotated them).
//
// In physical time a position is seconds since the trace start. In rounds, round column c
// spans [c, c + 1): a message of round c leaves its sender at c + 0.15 and arrives at c + 0.85,
// and every other moment of a rank (call enters, region borders) is interpolated between the
// message events of that rank around it, so states and arrows stay in program order.
#pragma once

#include "document/traceanalyses.h"

#include <QString>
#include <cstddef>
#include <utility>
#include <vector>

namespace collscope::app {

enum class AxisMode { time, inferredRounds, annotatedRounds };

class TraceClock {
public:
  TraceClock() = default;
  static TraceClock physical(const model::Trace& trace, const TraceAnalyses& analyses);
  static TraceClock inferredRounds(const model::Trace& trace, const TraceAnalyses& analyses);
  static TraceClock annotatedRounds(const model::Trace& trace, const TraceAnalyses& analyses);

  AxisMode mode() const { return m_mode; }
  bool isRounds() const { return m_mode != AxisMode::time; }
  double begin() const { return m_begin; }
  double end() const { return m_end; }

  /// The position of time `seconds` on the lane of `rank`.
  double x(int rank, double seconds) const;
  double messageStart(int message) const { return m_start[static_cast<std::size_t>(message)]; }
  double messageEnd(int message) const { return m_finish[static_cast<std::size_t>(message)]; }
  /// Round column of a message (0-based), or -1 (annotated mode: a send outside any round).
  int messageRound(int message) const { return m_round[static_cast<std::size_t>(message)]; }

  /// Message indices ordered by start; candidates(x0, x1) is the range of that order holding
  /// every message that may overlap [x0, x1] (callers still check messageEnd(m) >= x0).
  const std::vector<int>& messagesByStart() const { return m_byStart; }
  std::pair<std::size_t, std::size_t> candidates(double x0, double x1) const;

  /// Sorted distinct positions where a message starts or ends: the "events" playback steps to.
  const std::vector<double>& events() const { return m_events; }

  int roundCount() const { return static_cast<int>(m_roundEnds.size()); }
  /// Position at which round `index` (0-based) is complete.
  double roundEnd(int index) const { return m_roundEnds[static_cast<std::size_t>(index)]; }
  const std::vector<double>& roundEnds() const { return m_roundEnds; }
  /// Rounds complete at x.
  int completedRounds(double x) const;
  /// The name of round `index` as users know it: inferred steps count from 1, annotated
  /// rounds from 0 (tracer/model/README.md).
  QString roundLabel(int index) const;
  /// Round index that a user-facing round number names, or -1.
  int roundIndex(int label) const;

  /// Physical time of the latest message completion at or before x (for switching axes).
  double timeAt(double x) const;
  /// Position of the latest message completion at or before `seconds` (on a round axis: the
  /// end of that message's round column).
  double xAt(double seconds) const;

private:
  static TraceClock rounds(const model::Trace& trace, AxisMode mode, const std::vector<int>& column,
                           std::vector<int> labels);
  void finish();
  double completion(std::size_t message) const;

  AxisMode m_mode = AxisMode::time;
  double m_begin = 0.0;
  double m_end = 1.0;
  std::vector<double> m_start;
  std::vector<double> m_finish;
  std::vector<double> m_recvTime; ///< physical receive completions, for timeAt/xAt
  std::vector<int> m_round;
  std::vector<int> m_byStart;
  double m_maxSpan = 0.0;
  std::vector<double> m_events;
  std::vector<double> m_roundEnds;
  std::vector<int> m_roundLabels;
  /// Rounds mode: per rank, (time, position) pairs, increasing in both.
  std::vector<std::vector<std::pair<double, double>>> m_anchors;
};

} // namespace collscope::app
