#include "call_ownership.hpp"

#include <algorithm>

namespace collscope::model {

std::vector<std::vector<int>> innermost_calls(const Trace& trace, const std::vector<Call>& calls) {
  std::vector<std::vector<int>> owner(trace.ranks.size());
  for (std::size_t r = 0; r < trace.ranks.size(); ++r)
    owner[r].assign(trace.ranks[r].operations.size(), no_index);
  // Outer calls first, so an inner call overwrites its parent's claim.
  std::vector<int> depth(calls.size(), 0);
  for (const Call& call : calls)
    for (int p = call.parent; p != no_index; p = calls[p].parent) ++depth[call.index];
  std::vector<int> order(calls.size());
  for (std::size_t i = 0; i < calls.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return depth[a] < depth[b]; });
  for (const int c : order)
    for (const int r : calls[c].ranks)
      for (int i = calls[c].ops[r].first; i < calls[c].ops[r].last; ++i) owner[r][i] = c;
  return owner;
}

void count_call_messages(const Trace& trace, std::vector<Call>& calls) {
  const auto owner = innermost_calls(trace, calls);
  for (const Message& m : trace.messages) {
    if (m.send_op == no_index || m.recv_op == no_index) continue;
    const bool self = m.sender == m.receiver;
    for (int c = owner[m.sender][m.send_op]; c != no_index; c = calls[c].parent) {
      Call& call = calls[c];
      if (!call.contains(m.receiver, m.recv_op)) {
        ++call.crossing;
      } else if (self) {
        ++call.self_messages;
      } else {
        ++call.messages;
        call.bytes += m.bytes;
      }
    }
    for (int c = owner[m.receiver][m.recv_op]; c != no_index; c = calls[c].parent)
      if (!calls[c].contains(m.sender, m.send_op)) ++calls[c].crossing;
  }
}

} // namespace collscope::model
