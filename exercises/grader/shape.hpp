// Diagnoses read from a graded case's own trace, so that a hint names what the submission did
// and not what a typical wrong submission does: a student's scan that already doubles its
// distance but receives before it sends must hear about that order, not "double the distance".
// Each diagnosis is a fact of the case's messages and their inferred rounds, checked before it
// is printed; when none holds the report says what was measured and no more. This header
// knows no trace model (the judges' records carry a Shape); diagnose.hpp reads one from a trace.
#pragma once

#include <string>
#include <vector>

namespace collscope::grade {

/// One message of a case: sender → receiver in its inferred round (from 0).
struct Hop {
  int from = 0, to = 0, round = 0;
};

struct Shape {
  int p = 0;        ///< the ranks taking part (the case's region)
  int messages = 0; ///< between ranks
  /// Receive-before-send serialisation: the longest run of messages in which each one's
  /// sender sent it right after (and only after) its own receive of the previous one, at the
  /// same partner distance — a round's exchanges done one rank after the other. Only the
  /// links where the send went out in a later step than the receive (an MPI_Sendrecv or an
  /// MPI_Irecv posted first puts both in one step).
  std::vector<Hop> staircase;
  std::string recv_call, send_call; ///< the calls of its first link ("MPI_Recv", "MPI_Send")
  bool chain = false;               ///< every message between neighbours r, r ± 1: a path
  int hub = -1;                     ///< a rank that sends or receives every message, or -1
  bool no_overlap = false;          ///< ≥ 3 messages, no two in the same round
  /// Every rank's i-th send goes to distance 2^i (mod p, either direction).
  bool doubling = false;
  int distance_rank = -1;     ///< the rank with the most sends (its distances below)
  std::vector<int> distances; ///< distance_rank's sends, (to − from) mod p, in program order
};

/// Whether diagnosis `name` holds for `shape`. `serialised`: a staircase of ≥ 3 messages
/// that is not a chain; `chain`; `star` (a hub, p ≥ 3); `no_overlap`; `not_doubling` (some
/// rank's partners do not double); `doubling`.
bool holds(const Shape& shape, const std::string& name);

/// The trace's evidence for diagnosis `name`, one sentence ("rank 1 calls MPI_Recv from rank 0
/// before MPI_Send to rank 2, …"); empty when it does not hold.
std::string evidence(const Shape& shape, const std::string& name);

/// The grader's own advice for a failed rounds bound, first that holds of `serialised`,
/// `chain`, `star`, `no_overlap`: evidence and what to do. Empty when none holds.
/// `serialised_only`: only that one (it goes before the exercise's hints: the others are the
/// exercise's to word).
std::string builtin_rounds_hint(const Shape& shape, bool serialised_only);

/// "measured: p = 8, 13 messages in 9 rounds, …; none of the grader's diagnoses …": what to
/// say when no diagnosis fits.
std::string measured_text(const Shape& shape);

} // namespace collscope::grade
