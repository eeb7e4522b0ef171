// When a round is complete: the one definition that every view, export and command uses.
//
//   Rounds are numbered 0, 1, …, N − 1 (as the lecture numbers them). A message is delivered
//   at the completion of its receive; it has started at its send.
//
//   Round k is complete at moment t  ⇔  every message of rounds 0 … k is delivered at or
//   before t.
//
//   "K of N rounds complete at t": K = the number of rounds complete at t = the lowest round
//   that still has a message not delivered at t (N if there is none). Rounds complete in
//   order: a late message of round 0 holds back round 1 even if round 1's messages are all
//   in. "Round k in flight at t": k is the latest round with a message started at or before t,
//   and k ≥ K.
//
// t is a position on any axis (seconds, or a round axis) as long as the send and delivery
// positions are given on that axis.
#pragma once

#include <span>
#include <vector>

namespace collscope::model {

struct RoundTimes {
  std::vector<double> complete; ///< per round k: the earliest t at which round k is complete
  std::vector<double> start;    ///< per round k: its first send (+∞ for a round without one)

  int count() const { return static_cast<int>(complete.size()); }
  /// K: how many rounds are complete at t.
  int complete_at(double t) const;
  /// The latest round with a message started at or before t, or −1.
  int latest_started_at(double t) const;
};

/// Round times of messages with round index `round[i]` (0 … rounds − 1; others are ignored),
/// started at `start[i]` and delivered at `delivered[i]`.
RoundTimes round_times(std::span<const int> round, std::span<const double> start,
                       std::span<const double> delivered, int rounds);

} // namespace collscope::model
