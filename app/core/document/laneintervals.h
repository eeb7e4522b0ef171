// The coloured bars of every rank's lane, placed on one TraceClock: MPI calls by kind, time
// blocked in receives, and the algorithm / phase / round regions. Built once per axis mode;
// each track is sorted so a repaint finds the visible part by binary search.
#pragma once

#include "document/traceclock.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace collscope::app {

enum class StateKind : std::uint8_t {
  send,        ///< MPI_Send, MPI_Isend, …
  receive,     ///< MPI_Recv, MPI_Irecv, …
  sendReceive, ///< MPI_Sendrecv
  waitCall,    ///< MPI_Wait*, MPI_Test*
  collective,  ///< a native collective (MPI_Bcast, …)
  otherMpi,    ///< any other MPI call
  blocked,     ///< inside a receive, before the matching send even started
  algorithm,   ///< an `algorithm …` region
  phase,       ///< a `phase …` region
  round,       ///< a `round k` region
};
inline constexpr int stateKindCount = 10;

struct Interval {
  double x0 = 0.0;
  double x1 = 0.0;
  int label = -1; ///< round regions: k
  StateKind kind = StateKind::otherMpi;
};

/// Intervals of one layer of one rank, sorted by x0, with the running maximum of x1 so the
/// first interval reaching into a window is found by binary search even when they nest (kept
/// only for tracks that nest: where x1 grows with x0, x1 itself is that maximum).
class IntervalTrack {
public:
  void reserve(std::size_t count) { m_intervals.reserve(count); }
  void add(const Interval& interval) { m_intervals.push_back(interval); }
  void finish();
  const std::vector<Interval>& intervals() const { return m_intervals; }
  /// [first, last) of the intervals that may overlap [x0, x1].
  std::pair<std::size_t, std::size_t> visible(double x0, double x1) const;

private:
  std::vector<Interval> m_intervals;
  std::vector<double> m_reach;
};

class LaneIntervals {
public:
  enum Layer { algorithmLayer, phaseLayer, roundLayer, callLayer, blockedLayer, layerCount };

  static LaneIntervals build(const model::Trace& trace, const TraceAnalyses& analyses,
                             const TraceClock& clock);
  static StateKind classifyCall(std::string_view function);

  int rankCount() const { return static_cast<int>(m_tracks.size()); }
  const IntervalTrack& track(int rank, Layer layer) const {
    return m_tracks[static_cast<std::size_t>(rank)][static_cast<std::size_t>(layer)];
  }
  /// Whether any interval of that kind exists (the legend lists only what the trace has).
  bool has(StateKind kind) const { return m_present[static_cast<std::size_t>(kind)]; }

private:
  std::vector<std::array<IntervalTrack, layerCount>> m_tracks;
  std::array<bool, stateKindCount> m_present{};
};

} // namespace collscope::app
