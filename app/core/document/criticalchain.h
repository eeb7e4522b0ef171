// The critical chain of one collective run: the messages that determined when it ended.
//
// The model's critical path (model/critical_path.hpp) is the longest path through the whole
// trace, and usually ends in whatever a rank did last (a barrier, finalize). For one run of a
// collective the lecture asks which subtree held the root up, so the chain here starts at the
// run's last message to complete and walks back: a message's predecessor is the latest
// message of the same run its sender received before it started sending. Local work between
// them is not on the chain (the collectives do none worth a band).
#pragma once

#include "collscope/model/trace.hpp"

#include <vector>

namespace collscope::app {

/// `messages`: indices into trace.messages of one run. Returns the chain, first message first.
std::vector<int> criticalChain(const model::Trace& trace, const std::vector<int>& messages);

/// Chains of every algorithm instance of the trace (of the whole trace if it has none),
/// concatenated.
std::vector<int> criticalChains(const model::Trace& trace);

} // namespace collscope::app
