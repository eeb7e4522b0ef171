#include "document/traceclock.h"

#include "format/units.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace collscope::app {

namespace {

constexpr double departure = 0.15; ///< where in its round column a message leaves
constexpr double arrival = 0.85;   ///< … and where it arrives

double rankBegin(const model::Rank& rank) {
  double t = rank.operations.empty() ? 0.0 : rank.operations.front().time;
  for (const model::Region& region : rank.regions) t = std::min(t, region.begin);
  return t;
}

} // namespace

TraceClock TraceClock::physical(const model::Trace& trace, const TraceAnalyses& analyses) {
  TraceClock c;
  c.m_mode = AxisMode::time;
  c.m_end = trace.duration;
  for (double t : analyses.rankEnd) c.m_end = std::max(c.m_end, t);
  if (c.m_end <= 0.0) c.m_end = 1e-6;
  const std::vector<int>& steps = analyses.inferred.message_round;
  const std::size_t n = trace.messages.size();
  c.m_start.reserve(n);
  c.m_finish.reserve(n);
  c.m_recvTime.reserve(n);
  c.m_round.reserve(n);
  for (std::size_t m = 0; m < n; ++m) {
    const model::Message& msg = trace.messages[m];
    c.m_start.push_back(msg.send_time);
    c.m_finish.push_back(std::max(msg.send_time, msg.recv_time));
    c.m_recvTime.push_back(msg.recv_time);
    c.m_round.push_back(m < steps.size() ? steps[m] : -1);
  }
  c.finish();
  c.placeRounds(analyses.collective);
  return c;
}

TraceClock TraceClock::inferredRounds(const model::Trace& trace, const TraceAnalyses& analyses) {
  std::vector<int> column;
  column.reserve(trace.messages.size());
  for (int step : analyses.inferred.message_round) column.push_back(step);
  std::vector<int> labels;
  for (int k = 0; k < analyses.inferred.rounds; ++k) labels.push_back(k);
  TraceClock c = rounds(trace, AxisMode::inferredRounds, column, std::move(labels));
  c.placeRounds(analyses.collective);
  return c;
}

TraceClock TraceClock::annotatedRounds(const model::Trace& trace, const TraceAnalyses& analyses) {
  // Repeated collective calls restart at round 0: give each algorithm instance its own columns.
  std::map<int, int> roundsOf; // instance (no_index: outside any) → max k + 1
  for (const model::Rank& rank : trace.ranks)
    for (const model::Region& region : rank.regions)
      if (region.kind == model::RegionKind::round && region.round >= 0)
        roundsOf[region.instance] = std::max(roundsOf[region.instance], region.round + 1);
  std::map<int, int> offset;
  std::vector<int> labels;
  for (const auto& [instance, count] : roundsOf) {
    offset[instance] = static_cast<int>(labels.size());
    for (int k = 0; k < count; ++k) labels.push_back(k);
  }
  std::vector<int> column(trace.messages.size(), -1);
  const std::vector<int>& annotated = analyses.annotated.message_round;
  for (std::size_t m = 0; m < trace.messages.size() && m < annotated.size(); ++m) {
    if (annotated[m] == model::no_index) continue;
    const model::Message& msg = trace.messages[m];
    const model::Rank& sender = trace.ranks[static_cast<std::size_t>(msg.sender)];
    const int region = sender.operations[static_cast<std::size_t>(msg.send_op)].region;
    const int instance = region == model::no_index
                             ? model::no_index
                             : sender.regions[static_cast<std::size_t>(region)].instance;
    const auto it = offset.find(instance);
    const int c = it == offset.end() ? -1 : it->second + annotated[m];
    column[m] = c < static_cast<int>(labels.size()) ? c : -1;
  }
  TraceClock c = rounds(trace, AxisMode::annotatedRounds, column, std::move(labels));
  c.placeRounds(analyses.collective);
  return c;
}

TraceClock TraceClock::rounds(const model::Trace& trace, AxisMode mode,
                              const std::vector<int>& column, std::vector<int> labels) {
  TraceClock c;
  c.m_mode = mode;
  const int columns = static_cast<int>(labels.size());
  c.m_end = std::max(columns, 1);
  c.m_columnLabels = std::move(labels);
  const std::size_t n = trace.messages.size();
  c.m_start.assign(n, 0.0);
  c.m_finish.assign(n, 0.0);
  c.m_round.assign(n, -1);
  c.m_recvTime.resize(n);
  c.m_anchors.resize(trace.ranks.size());
  for (std::size_t m = 0; m < n; ++m) {
    const model::Message& msg = trace.messages[m];
    c.m_recvTime[m] = msg.recv_time;
    if (column[m] < 0) continue;
    c.m_round[m] = column[m];
    c.m_start[m] = column[m] + departure;
    c.m_finish[m] = column[m] + arrival;
    c.m_anchors[static_cast<std::size_t>(msg.sender)].emplace_back(msg.send_time, c.m_start[m]);
    c.m_anchors[static_cast<std::size_t>(msg.receiver)].emplace_back(msg.recv_time, c.m_finish[m]);
  }
  for (std::size_t r = 0; r < trace.ranks.size(); ++r) {
    auto& anchors = c.m_anchors[r];
    const double first = rankBegin(trace.ranks[r]);
    const double last = trace.ranks[r].operations.empty()
                            ? first
                            : std::max(first, trace.ranks[r].operations.back().time);
    if (anchors.empty()) {
      anchors = {{first, 0.0}, {last, c.m_end}};
      continue;
    }
    std::sort(anchors.begin(), anchors.end());
    for (std::size_t i = 1; i < anchors.size(); ++i)
      anchors[i].second = std::max(anchors[i].second, anchors[i - 1].second);
    const double left = std::floor(anchors.front().second);
    const double right = std::ceil(anchors.back().second);
    anchors.insert(anchors.begin(), {std::min(first, anchors.front().first), left});
    anchors.emplace_back(std::max(last, anchors.back().first), right);
  }
  for (std::size_t m = 0; m < n; ++m) {
    if (column[m] >= 0) continue;
    const model::Message& msg = trace.messages[m];
    c.m_start[m] = c.x(msg.sender, msg.send_time);
    c.m_finish[m] = std::max(c.m_start[m], c.x(msg.receiver, msg.recv_time));
  }
  c.finish();
  return c;
}

void TraceClock::finish() {
  const std::size_t n = m_start.size();
  m_byStart.resize(n);
  for (std::size_t m = 0; m < n; ++m) m_byStart[m] = static_cast<int>(m);
  std::stable_sort(m_byStart.begin(), m_byStart.end(), [this](int a, int b) {
    return m_start[static_cast<std::size_t>(a)] < m_start[static_cast<std::size_t>(b)];
  });
  m_maxSpan = 0.0;
  m_events.clear();
  m_events.reserve(2 * n);
  for (std::size_t m = 0; m < n; ++m) {
    m_maxSpan = std::max(m_maxSpan, m_finish[m] - m_start[m]);
    m_events.push_back(m_start[m]);
    m_events.push_back(m_finish[m]);
  }
  std::sort(m_events.begin(), m_events.end());
  m_events.erase(std::unique(m_events.begin(), m_events.end()), m_events.end());
}

double TraceClock::x(int rank, double seconds) const {
  if (m_mode == AxisMode::time) return seconds;
  const auto& anchors = m_anchors[static_cast<std::size_t>(rank)];
  if (seconds <= anchors.front().first) return anchors.front().second;
  if (seconds >= anchors.back().first) return anchors.back().second;
  const auto next = std::upper_bound(anchors.begin(), anchors.end(), seconds,
                                     [](double t, const auto& a) { return t < a.first; });
  const auto& [t1, x1] = *next;
  const auto& [t0, x0] = *(next - 1);
  return t1 > t0 ? x0 + (x1 - x0) * (seconds - t0) / (t1 - t0) : x1;
}

std::pair<std::size_t, std::size_t> TraceClock::candidates(double x0, double x1) const {
  const auto startOf = [this](int m) { return m_start[static_cast<std::size_t>(m)]; };
  const auto lo = std::lower_bound(m_byStart.begin(), m_byStart.end(), x0 - m_maxSpan,
                                   [&](int m, double v) { return startOf(m) < v; });
  const auto hi =
      std::upper_bound(lo, m_byStart.end(), x1, [&](double v, int m) { return v < startOf(m); });
  return {static_cast<std::size_t>(lo - m_byStart.begin()),
          static_cast<std::size_t>(hi - m_byStart.begin())};
}

void TraceClock::placeRounds(const CollectiveRounds& rounds) {
  m_groupTimes.clear();
  m_groupLabels.clear();
  m_groupStarts.clear();
  m_roundEnds.clear();
  bool instances = false; // some algorithm instance has rounds: the rest is not a run then
  for (const RoundGroup& group : rounds.groups) {
    std::vector<int> column;
    std::vector<double> start, end;
    for (const int m : group.messages) {
      if (static_cast<std::size_t>(m) >= m_start.size()) continue;
      column.push_back(rounds.column[static_cast<std::size_t>(m)]);
      start.push_back(messageStart(m));
      end.push_back(messageEnd(m));
    }
    const int index = static_cast<int>(m_groupTimes.size());
    m_groupTimes.push_back(
        model::round_times(column, start, end, static_cast<int>(group.labels.size())));
    m_groupLabels.push_back(group.labels);
    const model::RoundTimes& times = m_groupTimes.back();
    if (times.count() == 0) continue;
    if (group.instance < 0 && instances) continue;
    instances = instances || group.instance >= 0;
    m_groupStarts.emplace_back(*std::min_element(times.start.begin(), times.start.end()), index);
    for (const double complete : times.complete) m_roundEnds.push_back(landing(complete));
  }
  std::stable_sort(m_groupStarts.begin(), m_groupStarts.end());
  std::sort(m_roundEnds.begin(), m_roundEnds.end());
  m_roundEnds.erase(std::unique(m_roundEnds.begin(), m_roundEnds.end()), m_roundEnds.end());
}

double TraceClock::landing(double complete) const {
  // On a round axis nothing arrives between a column's arrivals (c + 0.85) and its right
  // border, so the border is an equally complete and tidier place for the cursor.
  if (!isRounds()) return complete;
  return std::min(m_end, std::max(complete, std::ceil(complete - 1e-9)));
}

int TraceClock::groupAt(double x) const {
  if (m_groupStarts.empty()) return -1;
  const auto after = std::upper_bound(m_groupStarts.begin(), m_groupStarts.end(), x,
                                      [](double v, const auto& s) { return v < s.first; });
  return (after == m_groupStarts.begin() ? after : after - 1)->second;
}

int TraceClock::completedRounds(double x) const {
  const int group = groupAt(x);
  return group < 0 ? 0 : roundTimes(group).complete_at(x);
}

std::optional<double> TraceClock::roundEnd(int label) const {
  for (const auto& [start, group] : m_groupStarts) {
    const std::vector<int>& labels = m_groupLabels[static_cast<std::size_t>(group)];
    const auto it = std::find(labels.begin(), labels.end(), label);
    if (it != labels.end())
      return landing(roundTimes(group).complete[static_cast<std::size_t>(it - labels.begin())]);
  }
  return std::nullopt;
}

QString TraceClock::roundRange() const {
  if (m_groupStarts.empty()) return {};
  const std::vector<int>& labels =
      m_groupLabels[static_cast<std::size_t>(m_groupStarts.front().second)];
  return QStringLiteral("%1..%2").arg(labels.front()).arg(labels.back());
}

QString TraceClock::progressText(int group, double x) const {
  QString text;
  if (group < 0 || group >= static_cast<int>(m_groupTimes.size())) {
    text = QStringLiteral("no rounds");
  } else {
    const model::RoundTimes& times = roundTimes(group);
    const int rounds = times.count();
    const int complete = times.complete_at(x);
    if (complete == rounds) {
      text = rounds == 1 ? QStringLiteral("1 round") : QStringLiteral("all %1 rounds").arg(rounds);
    } else {
      text = QStringLiteral("%1 of %2 rounds complete").arg(complete).arg(rounds);
      const int latest = times.latest_started_at(x);
      if (latest >= complete)
        text = QStringLiteral("round %1 in flight · ")
                   .arg(m_groupLabels[static_cast<std::size_t>(group)]
                                     [static_cast<std::size_t>(latest)]) +
               text;
    }
  }
  if (!isRounds()) text = QStringLiteral("t = %1 · ").arg(formatDuration(x)) + text;
  return text;
}

QString TraceClock::columnLabel(int column) const {
  if (column < 0 || column >= columnCount()) return {};
  return QString::number(m_columnLabels[static_cast<std::size_t>(column)]);
}

double TraceClock::completion(std::size_t m) const {
  // On a round axis a message is done once its round column is: all arrive at c + arrival.
  return isRounds() && m_round[m] >= 0 ? m_round[m] + 1.0 : m_finish[m];
}

double TraceClock::timeAt(double position) const {
  if (m_mode == AxisMode::time) return position;
  double t = 0.0;
  for (std::size_t m = 0; m < m_finish.size(); ++m)
    if (completion(m) <= position + 1e-9) t = std::max(t, m_recvTime[m]);
  return t;
}

double TraceClock::xAt(double seconds) const {
  if (m_mode == AxisMode::time) return seconds;
  double position = m_begin;
  for (std::size_t m = 0; m < m_finish.size(); ++m)
    if (m_recvTime[m] <= seconds) position = std::max(position, completion(m));
  return position;
}

} // namespace collscope::app
