#include "collscope/model/volume.hpp"

#include <algorithm>

namespace collscope::model {

namespace {

// a + b, or 2^64 − 1 (and `saturated` set) if the sum does not fit.
std::uint64_t add(std::uint64_t a, std::uint64_t b, bool& saturated) {
  std::uint64_t sum = 0;
  if (!__builtin_add_overflow(a, b, &sum)) return sum;
  saturated = true;
  return UINT64_MAX;
}

} // namespace

std::size_t message_count(const Trace& trace) {
  return trace.messages.size();
}

Volume volume(const Trace& trace) {
  Volume v;
  v.sent.assign(trace.ranks.size(), 0);
  v.received.assign(trace.ranks.size(), 0);
  for (const Rank& rank : trace.ranks) {
    for (const Operation& op : rank.operations) {
      if (op.kind == OpKind::send || op.kind == OpKind::isend)
        v.sent[rank.id] = add(v.sent[rank.id], op.bytes, v.saturated);
      if (op.kind == OpKind::recv || op.kind == OpKind::irecv_complete)
        v.received[rank.id] = add(v.received[rank.id], op.bytes, v.saturated);
    }
    v.total = add(v.total, v.sent[rank.id], v.saturated);
    v.max_sent = std::max(v.max_sent, v.sent[rank.id]);
    v.max_received = std::max(v.max_received, v.received[rank.id]);
  }
  v.max_per_rank = std::max(v.max_sent, v.max_received);
  return v;
}

NodeVolume node_volume(const Trace& trace, const NodeLayout& layout) {
  NodeVolume v;
  const auto nodes = static_cast<std::size_t>(layout.nodes);
  v.into.assign(nodes, 0);
  v.out_of.assign(nodes, 0);
  v.inside.assign(nodes, 0);
  for (const Message& m : trace.messages) {
    const int from = layout.node_of.at(static_cast<std::size_t>(m.sender));
    const int to = layout.node_of.at(static_cast<std::size_t>(m.receiver));
    if (from == to) {
      v.inside[from] = add(v.inside[from], m.bytes, v.saturated);
      continue;
    }
    v.out_of[from] = add(v.out_of[from], m.bytes, v.saturated);
    v.into[to] = add(v.into[to], m.bytes, v.saturated);
    v.between = add(v.between, m.bytes, v.saturated);
  }
  for (std::size_t n = 0; n < nodes; ++n) {
    v.max_into = std::max(v.max_into, v.into[n]);
    v.max_out_of = std::max(v.max_out_of, v.out_of[n]);
  }
  return v;
}

} // namespace collscope::model
