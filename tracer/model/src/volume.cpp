#include "collscope/model/volume.hpp"

#include <algorithm>

namespace collscope::model {

std::size_t message_count(const Trace& trace) {
  return trace.messages.size();
}

Volume volume(const Trace& trace) {
  Volume v;
  v.sent.assign(trace.ranks.size(), 0);
  v.received.assign(trace.ranks.size(), 0);
  for (const Rank& rank : trace.ranks) {
    for (const Operation& op : rank.operations) {
      if (op.kind == OpKind::send || op.kind == OpKind::isend) v.sent[rank.id] += op.bytes;
      if (op.kind == OpKind::recv || op.kind == OpKind::irecv_complete)
        v.received[rank.id] += op.bytes;
    }
    v.total += v.sent[rank.id];
    v.max_sent = std::max(v.max_sent, v.sent[rank.id]);
    v.max_received = std::max(v.max_received, v.received[rank.id]);
  }
  v.max_per_rank = std::max(v.max_sent, v.max_received);
  return v;
}

} // namespace collscope::model
