// Logical rounds inferred from the message order alone, so that code without annotations (a
// student's) gets rounds too. The rule (also in tracer/model/README.md):
//
//   Each rank's steps (steps.hpp: a blocking Send, a blocking Recv, one Sendrecv, or the
//   operations completed by one Wait*/Test*) are numbered in program order, from 0 as the
//   lecture numbers rounds (and as the annotations do):
//
//     step(s) = max( step(previous step of the rank) + 1,          (0 for the first step)
//                    max over the matched receives in s of  sendstep(their message) )
//
//     sendstep(m) = step of the step holding m's send          for a blocking send,
//                 = step(last step of the sender before the Isend) + 1   for an Isend
//                   (0 if there is none): the message is in flight from its posting on.
//
//   A receive thus shares the step of its send (it cannot complete in an earlier one), and a
//   rank does one step after the other. The equations have a least solution whenever the
//   trace could have happened. A message's round is the step of its receive; rounds (a count)
//   = 1 + the largest step of any receive, 0 without receives.
//
//   A message a rank sends to itself (steps.hpp: is_self_message) is a local copy: its
//   operations take no step, and it has no round (no_index).
//
//   Binomial gather p = 7: rounds 0: 1→0 3→2 5→4 | 1: 2→0 6→4 | 2: 4→0 → 3 rounds. Ring
//   allgather: p − 1.
//   Dissemination allgather with Sendrecv: ⌈log₂p⌉. Linear pipeline bcast with M blocks
//   (Recv; Sendrecv × (M − 1); Send): p − 1 + M − 1.
#pragma once

#include "collscope/model/trace.hpp"

#include <vector>

namespace collscope::model {

struct InferredRounds {
  int rounds = 0; ///< how many: the rounds are numbered 0 … rounds − 1
  /// Per rank, per operation: the step it belongs to (an Isend: its sendstep), no_index for
  /// operations that take no step (enter, leave, irecv_request, collectives).
  std::vector<std::vector<int>> step;
  /// Per message: the step of its receive (from 0); no_index for a message to oneself.
  std::vector<int> message_round;
  /// False if the dependencies are cyclic — only a trace that cannot have happened (a receive
  /// recorded before the send it waited for) has that; the steps are then a lower bound.
  bool consistent = true;
};

/// The rounds of a trace by the rule that fits what it holds: the one-ported rule for a native
/// collective's or a point-to-point phase's own trace (call_trace) and for a trace whose messages
/// all come from inside native collectives; the step rule above for everything else (annotated
/// algorithms, grader cases, whole traces of mixed code).
InferredRounds inferred_rounds(const Trace& trace);

/// Whether inferred_rounds takes the one-ported rule for this trace.
bool takes_one_ported_rule(const Trace& trace);

/// The step rule (above), whatever the trace holds.
InferredRounds step_rounds(const Trace& trace);

// The one-ported rule, for code collscope did not write (native collectives, whose library
// calls are not recorded, only their messages; point-to-point phases), where a step says little
// and the clock must decide nothing. Only the order of events counts, so the same trace gives
// the same rounds on every machine and in every run:
//
//   A message's round is the first round that (1) comes after every round in which its sender
//   received a message that completed, in the sender's program order, before this one was
//   posted, (2) holds no other send of the sender and (3) no other receive of the receiver.
//
//   Sends are placed in the order they become ready (their lower bound from (1)), ties broken by
//   the sender's program order, then the receiver's (of two messages into one rank, the one it
//   completes first is placed first), then the sender's rank. Messages to oneself take no round. A
//   trace whose dependencies are cyclic (none that really ran) leaves the messages of the cycle
//   without a round and `consistent` false.
//
//   Open MPI at p = 6, recursive-doubling allreduce: 0→1 2→3 4↔5 | 1↔3 | 1↔4 3↔5 |
//   1→0 3→2 → 4 rounds; binomial gather p = 4 → 2; the linear scan p = 4 → 3; a linear
//   (all Isends, one Waitall) bcast → p − 1; a pipelined chain bcast of M segments → p − 1 + M − 1.
//   `step` holds each message operation's round (an IsendComplete: its Isend's; receive
//   postings none).
InferredRounds one_ported_rounds(const Trace& trace);

} // namespace collscope::model
