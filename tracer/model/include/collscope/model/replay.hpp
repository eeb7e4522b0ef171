// Replaying the trace's message DAG under a cost model (seeds/001, "A more detailed model:
// LogP-family" and the linear α-β model), giving what the run would take on that machine.
// Computation between calls and native collectives take no time; a rank's operations happen
// in program order. Rules in tracer/model/README.md, "Replays".
#pragma once

#include "collscope/model/trace.hpp"

#include <vector>

namespace collscope::model {

struct AlphaBeta {
  double alpha = 0.0; ///< seconds per message
  double beta = 0.0;  ///< seconds per byte
};

struct LogGP {
  double L = 0.0; ///< latency
  double o = 0.0; ///< overhead, paid by sender and receiver
  double g = 0.0; ///< gap between consecutive sends of a rank
  double G = 0.0; ///< gap per byte
};

struct Replay {
  std::vector<double> rank_completion; ///< when each rank finished its last operation
  double total = 0.0;                  ///< the latest rank_completion
  std::vector<double> message_start;   ///< per message: transfer start (LogGP: send start)
  std::vector<double> message_end;     ///< per message: receive completion
  /// False if some rank could not be replayed to its end (a trace that cannot have happened);
  /// its completion is where it got stuck.
  bool complete = true;
};

/// 1-ported, bidirectional: a rank sends one message and receives one message at a time. A
/// send starts when its rank reaches it and its send port is free, and occupies that port for
/// α + βn; it never waits for the receiver (an eager send: a replay cannot deadlock on a trace
/// that ran). A receive completes α + βn after max(its rank reached it — the Irecv for a
/// nonblocking one —, the send started, its receive port is free). A blocking call returns when
/// the transfers it completes are done.
Replay replay_alpha_beta(const Trace& trace, AlphaBeta model);

/// A send occupies its rank for o and starts ≥ g + (n−1)G after the rank's previous send; the
/// message arrives o + (n−1)G + L after the send started; the receive completes o after
/// max(arrival, the receiver reaching the receive). Sends never wait for the receiver.
Replay replay_loggp(const Trace& trace, LogGP model);

} // namespace collscope::model
