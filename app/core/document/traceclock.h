// Where things happen along the x axis of every view: physical time, or logical rounds
// (inferred from the message order, or as the algorithm annotated them).
//
// In physical time a position is seconds since the trace start. In rounds, round column c
// spans [c, c + 1): a message of round c leaves its sender at c + 0.15 and arrives at c + 0.85,
// and every other moment of a rank (call enters, region borders) is interpolated between the
// message events of that rank around it, so states and arrows stay in program order.
#pragma once

#include "collscope/model/round_progress.hpp"
#include "document/traceanalyses.h"

#include <QString>
#include <cstddef>
#include <optional>
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

  /// Round axes: the axis's columns and how users name them (the round number, from 0).
  int columnCount() const { return static_cast<int>(m_columnLabels.size()); }
  QString columnLabel(int column) const;

  // The rounds of each collective run (collectiverounds.h), placed on this clock; whether a
  // round is complete at x is model::RoundTimes' one definition (round_progress.hpp), with
  // a message delivered at messageEnd — exactly when Playback calls it delivered.
  /// The run position x is in: of the runs with rounds (the algorithm instances, or the whole
  /// trace without them), the last whose first message starts at or before x, else the first;
  /// −1 if no message has a round. A group index of TraceAnalyses::collective.
  int groupAt(double x) const;
  const model::RoundTimes& roundTimes(int group) const {
    return m_groupTimes[static_cast<std::size_t>(group)];
  }
  /// Rounds complete at x of the run at x.
  int completedRounds(double x) const;
  /// Where the cursor goes to show round `label` (its number) of the first run that has one
  /// complete: the moment it completes (on a round axis: the border of that column).
  std::optional<double> roundEnd(int label) const;
  /// "round 0 … 2" of the first run with rounds (for messages), or empty.
  QString roundRange() const;
  /// Sorted positions where some round of some run becomes complete (playback steps to them).
  const std::vector<double>& roundEnds() const { return m_roundEnds; }
  /// Where the cursor stands in run `group`, for every view's title line: "all 3 rounds",
  /// "1 of 3 rounds complete", "round 2 in flight · 2 of 3 rounds complete", with
  /// "t = 1.2 ms · " in front on the time axis.
  QString progressText(int group, double x) const;

  /// Physical time of the latest message completion at or before x (for switching axes).
  double timeAt(double x) const;
  /// Position of the latest message completion at or before `seconds` (on a round axis: the
  /// end of that message's round column).
  double xAt(double seconds) const;

private:
  static TraceClock rounds(const model::Trace& trace, AxisMode mode, const std::vector<int>& column,
                           std::vector<int> labels);
  void finish();
  void placeRounds(const CollectiveRounds& rounds);
  /// Where the cursor goes to show a round complete at `complete`.
  double landing(double complete) const;
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
  std::vector<int> m_columnLabels;
  std::vector<model::RoundTimes> m_groupTimes;       ///< per group of the analyses
  std::vector<std::vector<int>> m_groupLabels;       ///< per group: round numbers
  std::vector<std::pair<double, int>> m_groupStarts; ///< (first start, group), sorted
  std::vector<double> m_roundEnds;
  /// Rounds mode: per rank, (time, position) pairs, increasing in both.
  std::vector<std::vector<std::pair<double, double>>> m_anchors;
};

} // namespace collscope::app
