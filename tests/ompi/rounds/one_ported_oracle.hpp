// The one-ported round rule of issue 36 ("Rounds from the order of events"), written again from
// its statement, as the oracle the tests hold the model's rounds to. It never reads a trace: it
// runs on programs generated from Open MPI's algorithms (ompi_programs.hpp).
//
//   A message's round is the first round that comes after every round in which its sender
//   received a message completed, in the sender's program order, before this one was posted; in
//   which the sender has no other send; and in which the receiver has no other receive. Sends
//   are placed in the order they become ready, ties by the receiver's program order (the
//   receive's index among the receiver's events: of two messages into one rank, the one it
//   completes first goes first), then the sender's (the send's index among its events), then
//   the sender's rank. (The brief of this test said: ties by the sender's program order, then
//   rank; the model changed to the receiver's order first, on 36's recursive-doubling barrier
//   at p = 3 — see README.md.)
#pragma once

#include <vector>

namespace collscope::ompi_rounds {

/// One event of a rank's program order inside a collective: a send as it is posted (send or
/// isend) or a receive as the collective learns it completed (recv returns, wait/test returns).
struct Event {
  bool send;
  int peer;
};

/// Each rank's events in program order. Messages match first-in first-out per (sender,
/// receiver), as Open MPI's collectives (one tag, no wildcards but the linear barrier's) match.
struct Program {
  explicit Program(int p) : ranks(static_cast<std::size_t>(p)) {}
  std::vector<std::vector<Event>> ranks;
  int size() const { return static_cast<int>(ranks.size()); }
  void send(int from, int to);
  void recv(int at, int from);
  /// ompi_coll_base_sendrecv(_actual): irecv, blocking send, wait; a pair with oneself is a
  /// local copy (no message).
  void sendrecv(int rank, int to, int from);
  /// The events of `other` (same size) after this program's, rank by rank: a collective that
  /// calls two others one after the other (allreduce nonoverlapping: reduce, then bcast).
  void append(const Program& other);
};

struct OracleRounds {
  int rounds = 0;
  int messages = 0;
  bool matched = true;    ///< every send has its receive and the other way round
  bool consistent = true; ///< every message got a round (no cycle)
};

OracleRounds one_ported_rounds(const Program& program);

} // namespace collscope::ompi_rounds
