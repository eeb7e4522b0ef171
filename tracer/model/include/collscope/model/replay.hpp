// Replaying the trace's message DAG under a cost model (seeds/001, "A more detailed model:
// LogP-family" and the linear α-β model), giving what the run would take on that machine.
// Computation between calls and native collectives take no time; a rank's operations happen
// in program order. Rules in tracer/model/README.md, "Replays".
#pragma once

#include "collscope/model/nodes.hpp"
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

/// The two-level model (seeds/001, "Hierarchical communication systems"), with the k-lane and
/// k-ported limits as options.
struct TwoLevel {
  AlphaBeta node;    ///< α, β between two ranks of one node (shared memory)
  AlphaBeta network; ///< α', β' between ranks on different nodes
  /// k-lane: how many off-node transfers a node carries at once in each direction, each at full
  /// network bandwidth; more wait for a lane (serialized). 0 = no limit (every rank has its own
  /// path to the network).
  int lanes = 0;
  /// k-ported: how many transfers a rank sends (and, apart, receives) at once. 1 = the
  /// 1-ported α-β replay.
  int ports = 1;
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

/// The α-β replay's rules with each message costing α + βn inside a node and α' + β'n between
/// nodes, a rank having `ports` send and `ports` receive ports, and (lanes > 0) an off-node
/// transfer also holding one of its node's `lanes` outgoing lanes (the send) or incoming lanes
/// (the receive) for its duration. Transfers take ports and lanes in order of the time they
/// could start. With one node and one port it is replay_alpha_beta under `node`.
Replay replay_two_level(const Trace& trace, const NodeLayout& layout, TwoLevel model);

/// A send occupies its rank for o and starts ≥ g + (n−1)G after the rank's previous send; the
/// message arrives o + (n−1)G + L after the send started; the receive completes o after
/// max(arrival, the receiver reaching the receive). Sends never wait for the receiver.
Replay replay_loggp(const Trace& trace, LogGP model);

} // namespace collscope::model
