// The communication tree of a trace or of one call's trace (call_trace): who sent to whom,
// read as a rooted tree when it is one — the parent and depth of each rank.
#pragma once

#include "collscope/model/trace.hpp"

#include <string>
#include <vector>

namespace collscope::model {

struct CommunicationTree {
  bool is_tree = false;
  /// Why the messages are not a tree, in one sentence ("ranks 0 and 1 send to each other").
  std::string reason;
  int root = no_index;     ///< world rank
  int depth = 0;           ///< edges on the longest path from the root
  bool upward = false;     ///< data flows to the root (gather, reduce), not from it
  std::vector<int> parent; ///< per world rank; no_index for the root and ranks without messages
  std::vector<int> level;  ///< edges from the root; no_index for ranks without messages
};

/// The tree of the matched messages between two ranks (a message to oneself is no edge):
/// downward when every rank receives from at most one rank, upward when every rank sends to
/// at most one; in both the edges must reach every rank that has messages from one root.
CommunicationTree communication_tree(const Trace& trace);

} // namespace collscope::model
