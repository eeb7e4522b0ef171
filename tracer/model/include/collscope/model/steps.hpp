// Steps: the units in which a rank communicates, shared by the round inference and the replays.
#pragma once

#include "collscope/model/trace.hpp"

namespace collscope::model {

// A step is the set of message operations that one blocking MPI call completes: a Send, a Recv,
// a Sendrecv (its send and its receive), or one Wait*/Test* (every Isend/Irecv it completes).
// An operation recorded outside any MPI call is a step of its own. Posting an Isend or an
// Irecv is not a step; neither is a native collective. Calls do not interleave on a rank, so
// the step operations of one call (same Operation::call) are consecutive among them.

/// True for the operations that make up steps.
bool completes_in_step(OpKind kind);

} // namespace collscope::model
