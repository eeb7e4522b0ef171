// Replaying an exchange schedule on a cluster of multi-core nodes: every rank, in every round,
// sends at most one message and receives at most one (the hypercube's and Bruck's alltoall).
// A closed formula charges every round as if all ranks were in it at once; ranks that wait for
// different peers drift apart, and then a node's shared link carries their messages one after
// another while other ranks pay their overheads. Replayed event by event, LogGP's overhead and
// the node's link give what SimGrid gives (bench/collectives/SIMULATED.md, within 6 % on
// cluster:4x16 … cluster:64x16, the winner right on all thirteen platforms measured).
//
// The replay, for rank r in round k started at time t:
//   - its send is posted at t + o (LogGP's overhead o at the sender), its receive then too;
//   - a message moves once its send and its receive are both posted (SMPI matches a message
//     with its receive before moving it), taking α (α_node inside a node) plus its bytes at
//     the rate its links give it: between nodes the sender node's link out and the receiver
//     node's link in (`lanes` of each per node, a rank on lane local-index mod lanes; 0: every
//     rank its own), each shared equally by the messages on it, a message getting its tightest
//     share; inside a node shared memory at 1/β_node for every message (a fat pipe);
//   - its receive completes o after the message is in; an eager send (below `eager_bytes`)
//     completes when posted, a larger one when its message is in;
//   - round k + 1 starts when both have completed.
#pragma once

#include <functional>

namespace collscope::schedule {

/// What rank `rank` does in one round: sends `send_bytes` to `send_to` and receives from
/// `recv_from` (−1: nothing). The schedule must pair them: rank a sends to b in round k exactly
/// when b receives from a in round k.
struct ExchangeStep {
  int send_to = -1;
  int recv_from = -1;
  double send_bytes = 0;
};

struct ReplayPlatform {
  int p = 1;
  int per_node = 1;        ///< n ranks a node (the last node may hold fewer)
  bool consecutive = true; ///< rank r on node ⌊r/n⌋; false: round-robin over ⌈p/n⌉ nodes
  int lanes = 1;           ///< links from a node to the network; 0: every rank its own
  double o = 0;            ///< overhead at each end of a message (s)
  double alpha = 0;        ///< latency between nodes (s), overheads not included
  double beta = 0;         ///< s/byte of a link between nodes
  double alpha_node = 0;   ///< latency inside a node (s)
  double beta_node = 0;    ///< s/byte inside a node
  double eager_bytes = 65536;
};

using ExchangeSchedule = std::function<ExchangeStep(int rank, int round)>;

/// An algorithm's exchange schedule for one call: how many rounds, and each rank's step.
struct ExchangeRounds {
  int rounds = 0;
  ExchangeSchedule step;
};

/// The time (s) from a common start until the last rank has completed `rounds` rounds.
double replay_exchange(int rounds, const ExchangeSchedule& step, const ReplayPlatform& platform);

} // namespace collscope::schedule
