// The controlled logical clock (clock_correction.hpp): a forward pass that moves receives
// which end too early, and every later event of their rank, forward; then a backward
// amortization that spreads each jump over the events before it.
#include "collscope/model/clock_correction.hpp"

#include "collscope/model/matching.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace collscope::model {
namespace {

// A rank's correction: a step function (the forward pass's shift from `at` on) plus ramps
// (the backward amortization: `amount` * (t - from) / (to - from) on (from, to)). Both only
// grow with t, so the rank's events keep their order.
class RankClock {
public:
  double forward(double t) const {
    const auto it = std::upper_bound(jumps_.begin(), jumps_.end(), t,
                                     [](double x, const Jump& j) { return x < j.at; });
    return it == jumps_.begin() ? 0.0 : std::prev(it)->shift;
  }
  double ramp(double t) const {
    const auto it = std::upper_bound(ramps_.begin(), ramps_.end(), t,
                                     [](double x, const Ramp& r) { return x < r.to; });
    if (it == ramps_.end() || t <= it->from) return 0.0;
    return it->amount * (t - it->from) / (it->to - it->from);
  }
  double shift(double t) const { return forward(t) + ramp(t); }

  /// Every event from `at` on moves by at least `shift` (the jump propagates to the rest of
  /// the rank, keeping its intervals).
  void raise(double at, double shift) {
    auto it = std::lower_bound(jumps_.begin(), jumps_.end(), at,
                               [](const Jump& j, double x) { return j.at < x; });
    if (it != jumps_.end() && it->at == at)
      it->shift = std::max(it->shift, shift);
    else
      it = jumps_.insert(it, {at, shift});
    for (++it; it != jumps_.end() && it->shift < shift; ++it) it->shift = shift;
  }

  struct Jump {
    double at;
    double shift;
  };
  struct Ramp {
    double from;
    double to;
    double amount;
  };
  const std::vector<Jump>& jumps() const { return jumps_; }
  void add_ramp(const Ramp& r) { ramps_.push_back(r); } // in order of `to`, disjoint

private:
  std::vector<Jump> jumps_;
  std::vector<Ramp> ramps_;
};

bool between_ranks(const Message& m) {
  return m.sender != m.receiver && m.sender >= 0 && m.receiver >= 0;
}

// The shift a receive at `recv` needs so that it ends no earlier than `target`, rounded up so
// that recv + shift >= target holds in floating point too.
double needed(double recv, double target) {
  double shift = target - recv;
  while (recv + shift < target) shift = std::nextafter(shift, std::numeric_limits<double>::max());
  return shift;
}

// Forward pass, repeated until no constraint moves anything (one pass in send order settles
// nearly every trace; a second checks it). False if it does not settle.
bool forward_pass(const Trace& trace, std::vector<RankClock>& clocks, double lmin,
                  std::vector<char>& moved) {
  constexpr int max_passes = 64;
  for (int pass = 0; pass < max_passes; ++pass) {
    bool changed = false;
    for (std::size_t i = 0; i < trace.messages.size(); ++i) {
      const Message& m = trace.messages[i];
      if (!between_ranks(m)) continue;
      const double target = m.send_time + clocks[m.sender].forward(m.send_time) + lmin;
      RankClock& to = clocks[m.receiver];
      if (m.recv_time + to.forward(m.recv_time) >= target) continue;
      to.raise(m.recv_time, needed(m.recv_time, target));
      moved[i] = 1;
      changed = true;
    }
    if (!changed) return true;
  }
  return false;
}

// Backward amortization of rank r: each jump is spread over (previous jump, jump) as a ramp,
// as far as every send in there keeps lmin (and a nanosecond) before its receive.
void amortize(const Trace& trace, std::vector<RankClock>& clocks, int r, double lmin) {
  const Rank& rank = trace.ranks[r];
  if (rank.operations.empty()) return;
  RankClock& clock = clocks[r];
  constexpr double margin = 1e-9;
  double from = rank.operations.front().time;
  double before = 0.0;
  for (const RankClock::Jump& jump : clock.jumps()) {
    const double to = jump.at;
    double amount = jump.shift - before;
    before = jump.shift;
    if (to <= from || amount <= 0.0) {
      from = std::max(from, to);
      continue;
    }
    // Sends of the rank inside the window (operations are in time order on a rank).
    const auto first = std::upper_bound(rank.operations.begin(), rank.operations.end(), from,
                                        [](double x, const Operation& op) { return x < op.time; });
    for (auto op = first; op != rank.operations.end() && op->time < to && amount > 0.0; ++op) {
      if ((op->kind != OpKind::send && op->kind != OpKind::isend) || op->message == no_index)
        continue;
      const Message& m = trace.messages[op->message];
      if (!between_ranks(m)) continue;
      const double send = op->time + clock.shift(op->time);
      const double recv = m.recv_time + clocks[m.receiver].shift(m.recv_time);
      const double slack = recv - lmin - margin - send;
      amount = slack <= 0.0 ? 0.0 : std::min(amount, slack * (to - from) / (op->time - from));
    }
    if (amount > 0.0) clock.add_ramp({from, to, amount});
    from = to;
  }
}

} // namespace

ClockReport correct_clocks(Trace& trace, double lmin) {
  ClockReport report;
  const int p = static_cast<int>(trace.ranks.size());
  std::vector<RankClock> clocks(p);
  std::vector<char> moved(trace.messages.size(), 0);
  report.unresolved = !forward_pass(trace, clocks, lmin, moved);
  report.receives_moved = static_cast<std::size_t>(std::count(moved.begin(), moved.end(), 1));
  if (report.receives_moved == 0) return report;
  for (int r = 0; r < p; ++r) amortize(trace, clocks, r, lmin);

  double last = trace.duration;
  for (int r = 0; r < p; ++r) {
    Rank& rank = trace.ranks[r];
    const RankClock& clock = clocks[r];
    for (Operation& op : rank.operations) {
      const double s = clock.shift(op.time);
      if (s <= 0.0) continue;
      ++report.events_moved;
      report.max_shift = std::max(report.max_shift, s);
      report.total_shift += s;
      op.time += s;
      last = std::max(last, op.time);
    }
    for (Region& region : rank.regions) {
      region.begin += clock.shift(region.begin);
      region.end += clock.shift(region.end);
      last = std::max(last, region.end);
    }
    for (Collective& c : rank.collectives) {
      c.begin += clock.shift(c.begin);
      c.end += clock.shift(c.end);
      last = std::max(last, c.end);
    }
  }
  trace.duration = last;
  match_messages(trace); // the same pairs (matching follows order, not time), new times
  return report;
}

} // namespace collscope::model
