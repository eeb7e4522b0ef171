// The lecture's EdgeColor as a trace shows it. In a two-tree broadcast (seeds/001, "Two
// (pipelined) binary trees") every tree edge is used in rounds of one parity only: EdgeColor
// 2-colours the edges so that a process receives one block and sends one block per round, and
// an edge of colour c carries its blocks in the rounds of parity 1 − c (one round later when a
// relay feeds both trees, p − 1 odd). Reading that parity back from the recorded rounds gives
// each edge its colour without recomputing the schedule, so the view shows what the run did.
// A reduction runs the broadcast backwards: its rounds are mirrored first.
#pragma once

#include "document/collectiveinstance.h"
#include "document/communicationtree.h"

#include <vector>

namespace collscope::app {

struct TwoTreeColours {
  /// The rank that relays from the root into both trees, or −1 when the root feeds them itself.
  int relay = -1;
  /// Per edge of each tree: EdgeColor 0 or 1; −1 for the edge into the relay and for an edge
  /// whose messages do not keep one round parity (then the run is no EdgeColor schedule).
  std::vector<int> colours[2];
};

/// Colours for the two trees of one run (built from its two tree phases, same root).
TwoTreeColours twoTreeColours(const CollectiveInstance& instance, const CommunicationTree& first,
                              const CommunicationTree& second);

} // namespace collscope::app
