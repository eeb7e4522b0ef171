#include "collscope/model/matching.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace collscope::model {

namespace {

bool is_send(OpKind k) {
  return k == OpKind::send || k == OpKind::isend;
}
bool is_receive(OpKind k) {
  return k == OpKind::recv || k == OpKind::irecv_complete;
}

// Isend ↔ Isend-complete and Irecv-request ↔ Irecv-complete by request id. A request id can be
// reused once its request completed, so only open requests are looked up.
void pair_requests(Rank& rank) {
  std::map<std::uint64_t, int> open_sends;
  std::map<std::uint64_t, int> open_receives;
  for (int i = 0; i < static_cast<int>(rank.operations.size()); ++i) {
    Operation& op = rank.operations[i];
    op.partner = no_index;
    const bool send_side = op.kind == OpKind::isend || op.kind == OpKind::isend_complete;
    auto& open = send_side ? open_sends : open_receives;
    if (op.kind == OpKind::isend || op.kind == OpKind::irecv_request) {
      open[op.request] = i;
    } else if (op.kind == OpKind::isend_complete || op.kind == OpKind::irecv_complete) {
      const auto it = open.find(op.request);
      if (it == open.end()) continue;
      op.partner = it->second;
      rank.operations[it->second].partner = i;
      open.erase(it);
    }
  }
}

struct Channel {
  std::vector<int> sends;                  ///< sender's op indices, program order
  std::vector<std::pair<int, int>> posted; ///< (posting op, completing op) on the receiver
};

struct ChannelKey {
  std::uint32_t comm;
  int sender, receiver, tag;
  friend bool operator==(const ChannelKey&, const ChannelKey&) = default;
};

struct ChannelHash {
  std::size_t operator()(const ChannelKey& k) const {
    std::uint64_t h = k.comm;
    for (const int part : {k.sender, k.receiver, k.tag})
      h = (h ^ static_cast<std::uint32_t>(part)) * 0x100000001b3ull; // FNV-1a style mixing
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};

double call_start(const Rank& rank, const Operation& op) {
  // A receive the library made inside a native collective (Operation::native): its own call is
  // not recorded; it was ready from the time it posted the receive.
  if (op.native && op.kind == OpKind::irecv_complete && op.partner != no_index)
    return rank.operations[op.partner].time;
  return op.call != no_index ? rank.operations[op.call].time : op.time;
}

} // namespace

void match_messages(Trace& trace) {
  trace.messages.clear();
  trace.unmatched_sends.clear();
  trace.unmatched_receives.clear();
  // Channels are visited in no particular order: pairs and unmatched lists are sorted below.
  std::unordered_map<ChannelKey, Channel, ChannelHash> channels;
  const int p = static_cast<int>(trace.ranks.size());
  for (Rank& rank : trace.ranks) {
    pair_requests(rank);
    for (int i = 0; i < static_cast<int>(rank.operations.size()); ++i) {
      Operation& op = rank.operations[i];
      op.message = no_index;
      if (!is_send(op.kind) && !is_receive(op.kind)) continue;
      const bool known_peer = op.peer >= 0 && op.peer < p;
      if (is_send(op.kind)) {
        if (known_peer)
          channels[{op.comm, rank.id, op.peer, op.tag}].sends.push_back(i);
        else
          trace.unmatched_sends.push_back({rank.id, i});
        continue;
      }
      const int posted =
          op.kind == OpKind::irecv_complete && op.partner != no_index ? op.partner : i;
      if (known_peer)
        channels[{op.comm, op.peer, rank.id, op.tag}].posted.emplace_back(posted, i);
      else
        trace.unmatched_receives.push_back({rank.id, i});
    }
  }

  // Matched pairs first, as small records sorted into message order; the messages are then
  // built once, in place (sorting the messages themselves moves ten times the bytes).
  struct Pair {
    double send_time;
    int sender, send_op, receiver, recv_op;
  };
  std::vector<Pair> pairs;
  std::size_t most = 0;
  for (const auto& [key, channel] : channels)
    most += std::min(channel.sends.size(), channel.posted.size());
  pairs.reserve(most);
  for (auto& [key, channel] : channels) {
    const int sender = key.sender, receiver = key.receiver;
    std::stable_sort(channel.posted.begin(), channel.posted.end());
    const std::size_t n = std::min(channel.sends.size(), channel.posted.size());
    const Rank& from = trace.ranks[sender];
    for (std::size_t k = 0; k < n; ++k)
      pairs.push_back({from.operations[channel.sends[k]].time, sender, channel.sends[k], receiver,
                       channel.posted[k].second});
    for (std::size_t k = n; k < channel.sends.size(); ++k)
      trace.unmatched_sends.push_back({sender, channel.sends[k]});
    for (std::size_t k = n; k < channel.posted.size(); ++k)
      trace.unmatched_receives.push_back({receiver, channel.posted[k].second});
  }
  std::sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) {
    return std::tie(a.send_time, a.sender, a.send_op) < std::tie(b.send_time, b.sender, b.send_op);
  });

  trace.messages.reserve(pairs.size());
  for (const Pair& pair : pairs) {
    Rank& from = trace.ranks[pair.sender];
    Rank& to = trace.ranks[pair.receiver];
    Operation& s = from.operations[pair.send_op];
    Operation& r = to.operations[pair.recv_op];
    Message& m = trace.messages.emplace_back();
    m.sender = pair.sender;
    m.receiver = pair.receiver;
    m.comm = s.comm;
    m.tag = s.tag;
    m.bytes = s.bytes;
    m.send_time = s.time;
    m.recv_time = r.time;
    m.recv_call_time = call_start(to, r);
    m.send_op = pair.send_op;
    m.recv_op = pair.recv_op;
    if (const Blocks* blocks = from.blocks_of(pair.send_op)) m.blocks = *blocks;
    s.message = r.message = static_cast<int>(trace.messages.size()) - 1;
  }
  const auto by_position = [](const OpRef& a, const OpRef& b) {
    return std::tie(a.rank, a.op) < std::tie(b.rank, b.op);
  };
  std::sort(trace.unmatched_sends.begin(), trace.unmatched_sends.end(), by_position);
  std::sort(trace.unmatched_receives.begin(), trace.unmatched_receives.end(), by_position);
}

} // namespace collscope::model
