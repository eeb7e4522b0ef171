// Bruck's all-to-all in radix k (seeds/001, "The power of the circulant graph" and the
// bandwidth/latency trade-off of all-to-all; Bruck, Ho, Kipnis, Upfal, Weathersby 1997): slot j
// of a rank holds the block from origin o to destination o + j; writing j in base k, the round
// of digit position x and digit d moves the slots whose digit x is d, as one message, to rank
// + d·k^x, so every slot travels j in at most ⌈log_k p⌉ hops. Rounds: (k−1)⌈log_k p⌉ for p = k^L
// (fewer at the top position otherwise), each carrying at most half of a rank's p blocks: a
// larger k trades rounds (latency) for bytes (every block moves once per non-zero digit).
// k = 2 is the binary Bruck algorithm (alltoall `bruck`).
#pragma once

#include "collscope/schedule/exchange_replay.hpp"

#include <vector>

namespace collscope::schedule {

struct RadixStep {
  int position; ///< x: the base-k digit this round settles
  int digit;    ///< d = 1 … k−1
  int distance; ///< d·k^x: send to rank + distance, receive from rank − distance
};

/// Every (x, d) with d·k^x < p, x < ⌈log_k p⌉, in increasing x then d: the rounds.
std::vector<RadixStep> bruck_radix_steps(int p, int k);
/// (k−1)(⌈log_k p⌉ − 1) + ⌈p/k^(⌈log_k p⌉−1)⌉ − 1: the number of steps.
int bruck_radix_rounds(int p, int k);
/// The slots j ∈ [0, p) whose base-k digit at `position` is `digit`, ascending.
std::vector<int> slots_with_digit(int p, int k, int position, int digit);
/// The exact α-β time of the schedule: Σ over rounds (α + β·|slots|·m/p), m = a rank's p blocks.
double bruck_radix_time(int p, double m, double alpha, double beta, int k);
/// The schedule as exchange steps (exchange_replay.hpp): round i sends the slots of step i to
/// rank + distance and receives them from rank − distance, m a rank's p blocks.
ExchangeRounds bruck_radix_exchange(int p, double m, int k);
/// rounds·(α + βm/2): no round carries more than half of the blocks.
double bruck_radix_bound(int p, double m, double alpha, double beta, int k);

} // namespace collscope::schedule
