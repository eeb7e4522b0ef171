// The offsets part of clock correction (clock_correction.hpp): OTF2's interpolation and its
// inverse, the count of backward messages, lmin, and what the loader runs.
#include "collscope/model/clock_correction.hpp"

#include <algorithm>
#include <cmath>

namespace collscope::model {
namespace {

// The interval OTF2's reader uses for own time t: the first whose end is not before t, else
// the last (OTF2_EvtReader: timestamps past the last interval use the last one).
std::size_t interval_of(const std::vector<ClockOffset>& o, double t) {
  std::size_t i = 0;
  while (i + 2 < o.size() && t > o[i + 1].time) ++i;
  return i;
}

double slope(const std::vector<ClockOffset>& o, std::size_t i) {
  return (o[i + 1].offset - o[i].offset) / (o[i + 1].time - o[i].time);
}

} // namespace

double corrected_time(const std::vector<ClockOffset>& o, double own) {
  if (o.size() < 2) return own;
  const std::size_t i = interval_of(o, own);
  return own + o[i].offset + slope(o, i) * (own - o[i].time);
}

double uncorrected_time(const std::vector<ClockOffset>& o, double corrected) {
  if (o.size() < 2) return corrected;
  // The corrected ends of the intervals grow with the index (the correction keeps order).
  std::size_t i = 0;
  while (i + 2 < o.size() && corrected > o[i + 1].time + o[i + 1].offset) ++i;
  const double s = slope(o, i);
  if (!(1.0 + s > 0.0)) return corrected - o[i].offset; // offsets no clock can have
  return (corrected - o[i].offset + s * o[i].time) / (1.0 + s);
}

std::size_t backward_messages(const Trace& trace) {
  return static_cast<std::size_t>(
      std::count_if(trace.messages.begin(), trace.messages.end(), [](const Message& m) {
        return m.sender != m.receiver && m.recv_time < m.send_time;
      }));
}

std::size_t backward_messages_uncorrected(const Trace& trace) {
  std::size_t n = 0;
  for (const Message& m : trace.messages) {
    if (m.sender == m.receiver) continue;
    const double send = uncorrected_time(trace.ranks[m.sender].clock_offsets, m.send_time);
    const double recv = uncorrected_time(trace.ranks[m.receiver].clock_offsets, m.recv_time);
    if (recv < send) ++n;
  }
  return n;
}

double minimum_latency(const Trace& trace, bool& measured) {
  double least = 0.0;
  measured = false;
  for (const Rank& rank : trace.ranks)
    for (const ClockOffset& o : rank.clock_offsets)
      if (o.error > 0.0 && std::isfinite(o.error) && (!measured || o.error < least)) {
        least = o.error;
        measured = true;
      }
  // A least latency must not exceed one the trace shows: a measurement among ranks that wait
  // for a core (more ranks than cores) finds round trips of several µs, and receives that
  // were on time would be moved.
  for (const Message& m : trace.messages)
    if (measured && m.sender != m.receiver && m.recv_time >= m.send_time)
      least = std::min(least, m.recv_time - m.send_time);
  return least;
}

void apply_clock_correction(Trace& trace) {
  ClockReport report;
  for (Rank& rank : trace.ranks) {
    std::stable_sort(rank.clock_offsets.begin(), rank.clock_offsets.end(),
                     [](const ClockOffset& a, const ClockOffset& b) { return a.time < b.time; });
    if (rank.clock_offsets.size() < 2) continue; // OTF2 applies none from a single one
    ++report.ranks_with_offsets;
    for (const ClockOffset& o : rank.clock_offsets)
      report.max_offset = std::max(report.max_offset, std::abs(o.offset));
  }
  report.backward_raw = backward_messages_uncorrected(trace);
  report.backward_offsets = backward_messages(trace);
  report.lmin = minimum_latency(trace, report.lmin_measured);
  const ClockReport moves = correct_clocks(trace, report.lmin);
  report.receives_moved = moves.receives_moved;
  report.events_moved = moves.events_moved;
  report.max_shift = moves.max_shift;
  report.total_shift = moves.total_shift;
  report.unresolved = moves.unresolved;
  report.backward = backward_messages(trace);
  trace.clocks = report;
}

} // namespace collscope::model
