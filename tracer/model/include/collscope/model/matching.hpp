// Matching sends to receives with MPI's rules (tracer/model/README.md, "Matching").
#pragma once

#include "collscope/model/trace.hpp"

namespace collscope::model {

/// Pairs Isend/Isend-complete and Irecv-request/Irecv-complete operations by request id
/// (Operation::partner), then matches every receive to a send: per channel
/// (communicator, sender, receiver, tag) the k-th send in the sender's program order matches the
/// k-th receive in the receiver's posting order (a blocking receive is posted where it
/// completes, a nonblocking one at its Irecv). The sender and tag of a receive are the ones
/// recorded at its completion, so wildcard receives match like any other.
/// Rebuilds Trace::messages, the unmatched lists and Operation::message.
void match_messages(Trace& trace);

} // namespace collscope::model
