#include "internal_messages.hpp"

#include "library_algorithm.hpp"
#include "request_events.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>

namespace collscope::rec::smpi {
namespace {

/// One native collective call on one rank: its CollBegin and CollEnd.
struct Window {
  std::uint64_t begin = 0, end = 0;
  std::uint32_t comm = 0;
  std::uint8_t op = 0;
  std::uint8_t reduction = 0;
  std::uint64_t bytes = 0;
};

std::vector<Window> windows_of(const RankInput& rank) {
  std::vector<Window> out;
  if (rank.world_size == 0) return out;
  EventFile file(rank.events_path, rank.ring_path, rank.tail);
  Event e{};
  bool open = false;
  Window w;
  while (file.next(e)) {
    if (e.kind == Kind::CollBegin) {
      w = Window{};
      w.begin = rank.to_ns(e.time);
      w.reduction = static_cast<std::uint8_t>(e.tag);
      open = true;
    } else if (e.kind == Kind::CollEnd && open) {
      w.end = rank.to_ns(e.time);
      w.comm = e.comm;
      w.op = e.op;
      w.bytes = e.bytes;
      out.push_back(w);
      open = false;
    }
  }
  return out;
}

/// The window holding time t, if any (windows are ordered and disjoint).
const Window* holding(const std::vector<Window>& ws, std::uint64_t t, std::size_t& index) {
  // SimGrid prints times rounded to the ns and the tracer truncates them: 1 ns of slack.
  auto it = std::lower_bound(ws.begin(), ws.end(), t,
                             [](const Window& w, std::uint64_t x) { return w.end + 1 < x; });
  if (it == ws.end() || it->begin > t + 1) return nullptr;
  index = static_cast<std::size_t>(it - ws.begin());
  return &*it;
}

} // namespace

Placement place_messages(std::vector<RankInput>& ranks, const std::vector<InternalMessage>& messages,
                         const std::vector<std::uint32_t>& hosts_of, const std::string& selector) {
  Placement result;
  std::vector<std::vector<Window>> windows;
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> members; // comm id → world ranks
  const auto world = static_cast<std::uint32_t>(ranks.size());
  for (RankInput& r : ranks) {
    windows.push_back(windows_of(r));
    for (const CommDef& c : r.summary.comms) members.emplace(c.id, c.members);
  }
  if (!members.contains(0)) {
    std::vector<std::uint32_t> all(world);
    for (std::uint32_t i = 0; i < world; ++i) all[i] = i;
    members.emplace(0, all);
  }
  const auto comm_rank = [&](std::uint32_t comm, std::uint32_t world_rank) -> std::int64_t {
    if (comm == 0) return world_rank < world ? world_rank : -1; // MPI_COMM_WORLD
    const auto it = members.find(comm);
    if (it == members.end()) return -1;
    const auto at = std::find(it->second.begin(), it->second.end(), world_rank);
    return at == it->second.end() ? -1 : at - it->second.begin();
  };

  // Per rank, per native call: the library's messages there.
  std::vector<std::vector<std::vector<LibraryMessage>>> inside(ranks.size());
  for (std::size_t r = 0; r < ranks.size(); ++r) inside[r].resize(windows[r].size());
  for (const InternalMessage& m : messages) {
    if (m.sender == m.receiver) continue; // a copy to itself: no message between ranks
    std::size_t si = 0, ri = 0;
    const Window* s = m.sender < world ? holding(windows[m.sender], m.sent_ns, si) : nullptr;
    const Window* r = m.receiver < world ? holding(windows[m.receiver], m.received_ns, ri) : nullptr;
    const std::int64_t to = s != nullptr ? comm_rank(s->comm, m.receiver) : -1;
    const std::int64_t from = r != nullptr ? comm_rank(r->comm, m.sender) : -1;
    if (s == nullptr || r == nullptr || s->comm != r->comm || to < 0 || from < 0) {
      ++result.outside;
      continue;
    }
    LibraryMessage send;
    send.send = true;
    send.posted = std::clamp(m.sent_ns, s->begin, s->end);
    send.completed = std::clamp(m.received_ns, s->begin, s->end);
    send.comm = s->comm;
    send.peer = static_cast<std::uint32_t>(to);
    send.tag = static_cast<std::uint32_t>(m.tag);
    send.bytes = m.bytes;
    inside[m.sender][si].push_back(send);
    ++ranks[m.sender].summary.messages;
    LibraryMessage recv = send;
    recv.send = false;
    recv.completed = std::clamp(m.received_ns, r->begin, r->end);
    recv.peer = static_cast<std::uint32_t>(from);
    inside[m.receiver][ri].push_back(recv);
    ++result.placed;
  }

  for (std::size_t rank = 0; rank < ranks.size(); ++rank) {
    std::uint64_t next_request = 0;
    auto& events = ranks[rank].inside_collectives;
    for (std::size_t w = 0; w < windows[rank].size(); ++w)
      events.push_back(request_events(std::move(inside[rank][w]), windows[rank][w].begin,
                                      next_request));
    auto& names = ranks[rank].library_algorithms;
    for (const Window& w : windows[rank]) {
      const auto it = members.find(w.comm);
      NativeCall call;
      call.collective = w.op;
      call.bytes = w.bytes;
      call.reduction = w.reduction;
      if (it != members.end()) {
        call.comm_size = static_cast<std::uint32_t>(it->second.size());
        std::set<std::uint32_t> hosts;
        for (std::uint32_t member : it->second)
          if (member < hosts_of.size()) hosts.insert(hosts_of[member]);
        call.hosts = static_cast<std::uint32_t>(hosts.size());
      }
      names.push_back(library_algorithm(selector, call));
      // A call is counted once, on the first member of its communicator.
      if (it != members.end() && !it->second.empty() && it->second.front() == rank) {
        ++result.calls;
        if (!names.back().empty()) ++result.named;
      }
    }
  }
  return result;
}

} // namespace collscope::rec::smpi
