// Steps: the units in which a rank communicates, shared by the round inference and the replays.
#pragma once

#include "collscope/model/trace.hpp"

#include <vector>

namespace collscope::model {

/// The message operations that one blocking MPI call completes: a Send, a Recv, a Sendrecv
/// (its send and its receive), or one Wait*/Test* (every Isend/Irecv it completes). An
/// operation recorded outside any MPI call is a step of its own. Posting an Isend or an Irecv
/// is not a step; neither is a native collective.
struct Step {
  int call = no_index;  ///< index of the call's enter operation, or no_index
  std::vector<int> ops; ///< send, recv, isend_complete and irecv_complete operations
};

/// Per rank, in program order.
std::vector<std::vector<Step>> steps_of(const Trace& trace);

/// True for the operations that make up steps.
bool completes_in_step(OpKind kind);

} // namespace collscope::model
