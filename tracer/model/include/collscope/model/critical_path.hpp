// The critical path: the chain of operations that determined the run's length.
//
// Longest path through the happens-before DAG whose nodes are all operations, with
//  - a program-order edge from each operation to the next one of its rank, weighted by the
//    time between them minus the time the second one spent blocked waiting for its message
//    (the part of [receive call start, send start] within the interval);
//  - a message edge from each send to its matched receive, weighted by the receive's
//    completion time minus max(send start, receive call start) — the observed transfer.
// Paths start at time 0 (the first operation of a rank is reached with weight = its time).
// A late sender therefore pulls the path over to the sender's rank, and the length is close
// to the run's duration.
#pragma once

#include "collscope/model/trace.hpp"

#include <vector>

namespace collscope::model {

struct CriticalPath {
  double length = 0.0;           ///< seconds
  std::vector<OpRef> operations; ///< from the start of the path to its end
  std::vector<int> messages;     ///< message edges taken, in path order
};

CriticalPath critical_path(const Trace& trace);

} // namespace collscope::model
