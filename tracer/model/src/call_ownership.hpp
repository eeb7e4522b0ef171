// Which call an operation belongs to, and the messages each call holds (calls.cpp).
#pragma once

#include "collscope/model/calls.hpp"

#include <vector>

namespace collscope::model {

/// For every rank and operation, the innermost call holding it, or no_index.
std::vector<std::vector<int>> innermost_calls(const Trace& trace, const std::vector<Call>& calls);

/// Fills Call::messages, self_messages, bytes and crossing: a message is inside a call when
/// the call holds both its send and its receive.
void count_call_messages(const Trace& trace, std::vector<Call>& calls);

} // namespace collscope::model
