#include "document/laneintervals.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace collscope::app {

void IntervalTrack::finish() {
  // Regions arrive in program order: most tracks are sorted already and need no sort (and no
  // sort's buffer as big as the track).
  const auto byStart = [](const Interval& a, const Interval& b) { return a.x0 < b.x0; };
  if (!std::is_sorted(m_intervals.begin(), m_intervals.end(), byStart))
    std::stable_sort(m_intervals.begin(), m_intervals.end(), byStart);
  const bool nested = std::adjacent_find(m_intervals.begin(), m_intervals.end(),
                                         [](const Interval& a, const Interval& b) {
                                           return b.x1 < a.x1;
                                         }) != m_intervals.end();
  m_reach.clear();
  if (!nested) return;
  m_reach.resize(m_intervals.size());
  double reach = -1e300;
  for (std::size_t i = 0; i < m_intervals.size(); ++i) {
    reach = std::max(reach, m_intervals[i].x1);
    m_reach[i] = reach;
  }
}

std::pair<std::size_t, std::size_t> IntervalTrack::visible(double x0, double x1) const {
  const auto first =
      m_reach.empty()
          ? std::lower_bound(m_intervals.begin(), m_intervals.end(), x0,
                             [](const Interval& interval, double x) { return interval.x1 < x; }) -
                m_intervals.begin()
          : std::lower_bound(m_reach.begin(), m_reach.end(), x0) - m_reach.begin();
  const auto last =
      std::upper_bound(m_intervals.begin() + first, m_intervals.end(), x1,
                       [](double x, const Interval& interval) { return x < interval.x0; }) -
      m_intervals.begin();
  return {static_cast<std::size_t>(first), static_cast<std::size_t>(last)};
}

StateKind LaneIntervals::classifyCall(std::string_view function) {
  std::string_view name = function;
  if (name.starts_with("MPI_")) name.remove_prefix(4);
  if (name.find("Sendrecv") != std::string_view::npos) return StateKind::sendReceive;
  if (name.starts_with("Wait") || name.starts_with("Test")) return StateKind::waitCall;
  static constexpr std::string_view collectives[] = {
      "Barrier",   "Bcast",     "Gather",     "Gatherv",        "Scatter",
      "Scatterv",  "Allgather", "Allgatherv", "Alltoall",       "Alltoallv",
      "Alltoallw", "Reduce",    "Allreduce",  "Reduce_scatter", "Reduce_scatter_block",
      "Scan",      "Exscan"};
  const std::string_view blocking =
      name.starts_with("I") && name.size() > 1 && name[1] >= 'a' && name[1] <= 'z' ? name.substr(1)
                                                                                   : name;
  for (std::string_view c : collectives) {
    if (blocking.size() != c.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < c.size() && same; ++i) same = (blocking[i] | 0x20) == (c[i] | 0x20);
    if (same) return StateKind::collective;
  }
  if (name.find("send") != std::string_view::npos || name.find("Send") != std::string_view::npos)
    return StateKind::send;
  if (name.find("recv") != std::string_view::npos || name.find("Recv") != std::string_view::npos)
    return StateKind::receive;
  return StateKind::otherMpi;
}

LaneIntervals LaneIntervals::build(const model::Trace& trace, const TraceAnalyses& analyses,
                                   const TraceClock& clock) {
  LaneIntervals lanes;
  lanes.m_tracks.resize(trace.ranks.size());
  // Counted first so each track is allocated once, at its size: a million-message trace has
  // millions of intervals, and growing vectors would copy them and leave up to half unused.
  std::vector<std::array<std::size_t, layerCount>> counts(trace.ranks.size());
  for (const model::Rank& rank : trace.ranks) {
    auto& count = counts[static_cast<std::size_t>(rank.id)];
    for (const model::Region& region : rank.regions) {
      switch (region.kind) {
      case model::RegionKind::algorithm:
        ++count[algorithmLayer];
        break;
      case model::RegionKind::phase:
        ++count[phaseLayer];
        break;
      case model::RegionKind::round:
        ++count[roundLayer];
        break;
      case model::RegionKind::mpi_call:
        ++count[callLayer];
        break;
      case model::RegionKind::other:
        break;
      }
    }
  }
  // Measured waiting belongs to the time axis: on a round axis it is the machine's noise (eight
  // processes on two cores wait for the scheduler), not the schedule's, and would cover the
  // rounds in hatching.
  const bool blocked = !clock.isRounds();
  for (const model::ReceiveWait& wait : analyses.waiting.receives)
    if (blocked && wait.wait > 0.0) ++counts[static_cast<std::size_t>(wait.receive.rank)][blockedLayer];
  for (std::size_t r = 0; r < counts.size(); ++r)
    for (std::size_t layer = 0; layer < layerCount; ++layer)
      lanes.m_tracks[r][layer].reserve(counts[r][layer]);
  const auto add = [&](int rank, Layer layer, double t0, double t1, StateKind kind, int label) {
    const double x0 = clock.x(rank, t0);
    const double x1 = std::max(x0, clock.x(rank, t1));
    lanes.m_tracks[static_cast<std::size_t>(rank)][layer].add({x0, x1, label, kind});
    lanes.m_present[static_cast<std::size_t>(kind)] = true;
  };
  // A trace calls a handful of MPI functions a million times: classify each name once.
  std::unordered_map<std::string_view, StateKind> kinds;
  const auto kindOf = [&kinds](std::string_view name) {
    const auto [it, fresh] = kinds.try_emplace(name, StateKind::otherMpi);
    if (fresh) it->second = classifyCall(name);
    return it->second;
  };
  for (const model::Rank& rank : trace.ranks) {
    for (const model::Region& region : rank.regions) {
      switch (region.kind) {
      case model::RegionKind::algorithm:
        add(rank.id, algorithmLayer, region.begin, region.end, StateKind::algorithm, -1);
        break;
      case model::RegionKind::phase:
        add(rank.id, phaseLayer, region.begin, region.end, StateKind::phase, -1);
        break;
      case model::RegionKind::round:
        add(rank.id, roundLayer, region.begin, region.end, StateKind::round, region.round);
        break;
      case model::RegionKind::mpi_call:
        add(rank.id, callLayer, region.begin, region.end, kindOf(region.name), -1);
        break;
      case model::RegionKind::other:
        break;
      }
    }
  }
  for (const model::ReceiveWait& wait : analyses.waiting.receives) {
    if (!blocked || wait.wait <= 0.0) continue;
    const model::Message& m = trace.messages[static_cast<std::size_t>(wait.message)];
    add(wait.receive.rank, blockedLayer, m.recv_call_time, m.send_time, StateKind::blocked, -1);
  }
  for (auto& tracks : lanes.m_tracks)
    for (IntervalTrack& track : tracks) track.finish();
  return lanes;
}

} // namespace collscope::app
