// One-ported rounds from the order of events alone (tracer/model/README.md, "The one-ported
// rule"): shared by the trace model (recorded calls) and the patterns (what an algorithm's
// program order gives), so that a recorded call and its pattern are numbered by one rule.
//
//   A message's round is the first round that (1) comes after every round in which its sender
//   received a message that completed, in the sender's program order, before this one was
//   posted, (2) holds no other send of the sender and (3) no other receive of the receiver.
//
// Sends are placed in the order they become ready (their bound from (1)), ties by the sender's
// program order, then the receiver's, then the sender's rank.
#pragma once

#include <vector>

namespace collscope::schedule {

/// One event of a rank: it posts the send of `message`, or completes its receive.
struct PortEvent {
  int message = 0;
  bool send = false;
};

struct OnePorted {
  std::vector<int> round; ///< per message, from 0; -1 where a cycle left it unplaced
  int rounds = 0;         ///< 1 + the largest round (0 without messages)
  bool consistent = true; ///< false if some message could not be placed (a cycle)
};

/// events[r]: rank r's sends and receive completions in program order. Each message id in
/// [0, messages) appears once as a send and once as a receive; an id that does not is left
/// without a round (and the result is not consistent).
OnePorted one_ported_rounds(const std::vector<std::vector<PortEvent>>& events, int messages);

} // namespace collscope::schedule
