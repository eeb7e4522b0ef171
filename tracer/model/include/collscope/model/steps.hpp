// Steps: the units in which a rank communicates, shared by the round inference and the replays.
#pragma once

#include "collscope/model/trace.hpp"

namespace collscope::model {

// A step is the set of message operations that one blocking MPI call completes: a Send, a Recv,
// a Sendrecv (its send and its receive), or one Wait*/Test* (every Isend/Irecv it completes).
// An operation recorded outside any MPI call is a step of its own. Posting an Isend or an
// Irecv is not a step; neither is a native collective, but the messages the library itself
// sent and received inside one (Operation::collective) are: each its own step, except that a
// send and the receive right after it on the rank form one when the two messages crossed
// (crosses()), as in a Sendrecv: the trace does not say which of the library's requests
// completed together. Calls do not interleave on a rank, so
// the step operations of one call (same Operation::call) are consecutive among them.

/// True for the operations that make up steps.
bool completes_in_step(OpKind kind);

/// A message operation of a message the rank sends to itself (a typed local copy, such as a
/// root's MPI_Sendrecv of its own block): it moves nothing between ranks, so it takes no step
/// and has no round — in the inferred rounds, `collscope-trace`, the app and the grader alike.
/// The half of a nonblocking operation that names no peer (IsendComplete, IrecvRequest) is
/// judged by its partner.
bool is_self_message(const Rank& rank, const Operation& op);

/// Whether the library's receive `recv`, right after its send `send` inside a native
/// collective on one rank, forms one step with it: the partner sent what `recv` receives
/// before `send`'s message reached its receiver (an exchange, not a reply). Needs matched
/// messages.
bool crosses(const Trace& trace, const Operation& send, const Operation& recv);

} // namespace collscope::model
