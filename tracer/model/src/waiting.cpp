#include "collscope/model/waiting.hpp"

#include <algorithm>

namespace collscope::model {

WaitingTimes waiting_times(const Trace& trace) {
  WaitingTimes out;
  out.per_rank.assign(trace.ranks.size(), 0.0);
  out.receives.reserve(trace.messages.size());
  for (int m = 0; m < static_cast<int>(trace.messages.size()); ++m) {
    const Message& msg = trace.messages[m];
    const double wait = std::max(0.0, msg.send_time - msg.recv_call_time);
    out.receives.push_back({m, {msg.receiver, msg.recv_op}, wait});
    out.per_rank[msg.receiver] += wait;
    out.total += wait;
  }
  return out;
}

} // namespace collscope::model
