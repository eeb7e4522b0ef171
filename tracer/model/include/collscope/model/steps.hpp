// Steps: the units in which a rank communicates, shared by the round inference and the replays.
#pragma once

#include "collscope/model/trace.hpp"

namespace collscope::model {

// A step is the set of message operations that one blocking MPI call completes: a Send, a Recv,
// a Sendrecv (its send and its receive), or one Wait*/Test* (every Isend/Irecv it completes).
// An operation recorded outside any MPI call is a step of its own. Posting an Isend or an
// Irecv is not a step; neither is a native collective. Calls do not interleave on a rank, so
// the step operations of one call (same Operation::call) are consecutive among them.
//
// Inside a native collective (Operation::native: the messages the library sent for it), the
// library's own calls are not recorded, only their messages, and a nonblocking completion is
// recorded where the library's wait returns it: a step there is the completions of one wait
// (consecutive, no posting between), with the blocking send right before them — an exchange
// (post a receive, send, wait) is one step, as an MPI_Sendrecv is; every other blocking send
// or receive of the library is a step of its own.

/// Whether step operation i belongs to the same step as the rank's previous step operation
/// prev (both completes_in_step).
bool joins_step(const Rank& rank, int prev, int i);

/// Whether the step of step operation i ends with it (the next operation is not part of it).
bool ends_native_step(const Rank& rank, int i);

/// True for the operations that make up steps.
bool completes_in_step(OpKind kind);

/// A message operation of a message the rank sends to itself (a typed local copy, such as a
/// root's MPI_Sendrecv of its own block): it moves nothing between ranks, so it takes no step
/// and has no round — in the inferred rounds, `collscope-trace`, the app and the grader alike.
/// The half of a nonblocking operation that names no peer (IsendComplete, IrecvRequest) is
/// judged by its partner.
bool is_self_message(const Rank& rank, const Operation& op);

} // namespace collscope::model
