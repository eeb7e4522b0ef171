#include "request_events.hpp"

#include <algorithm>

namespace collscope::rec::smpi {
namespace {

/// The latest value below `t` in sorted `v`, or `floor`.
std::uint64_t latest_before(const std::vector<std::uint64_t>& v, std::uint64_t t,
                            std::uint64_t floor) {
  const auto it = std::lower_bound(v.begin(), v.end(), t);
  return it == v.begin() ? floor : std::max(floor, *(it - 1));
}

struct Placed {
  Event event;
  int order; // at equal times: completions (0), then postings (1), then completions of
             // messages posted at that same time (2)
  std::size_t seq;
};

} // namespace

std::vector<Event> request_events(std::vector<LibraryMessage> messages, std::uint64_t begin,
                                  std::uint64_t& next_request) {
  std::vector<std::uint64_t> send_posts, receive_ends;
  for (const LibraryMessage& m : messages)
    (m.send ? send_posts : receive_ends).push_back(m.send ? m.posted : m.completed);
  std::sort(send_posts.begin(), send_posts.end());
  std::sort(receive_ends.begin(), receive_ends.end());
  for (LibraryMessage& m : messages)
    if (!m.send)
      m.posted = std::max(latest_before(send_posts, m.completed, begin),
                          latest_before(receive_ends, m.completed, begin));

  std::vector<Placed> placed;
  placed.reserve(2 * messages.size());
  for (const LibraryMessage& m : messages) {
    const std::uint64_t request = library_requests | next_request++;
    Event post{};
    post.time = m.posted;
    post.request = request;
    Event done = post;
    done.time = std::max(m.completed, m.posted);
    if (m.send) {
      post.kind = Kind::Isend;
      post.peer = m.peer;
      post.comm = m.comm;
      post.tag = m.tag;
      post.bytes = m.bytes;
      done.kind = Kind::IsendComplete;
    } else {
      post.kind = Kind::IrecvRequest;
      done.kind = Kind::Irecv;
      done.peer = m.peer;
      done.comm = m.comm;
      done.tag = m.tag;
      done.bytes = m.bytes;
    }
    placed.push_back({post, 1, placed.size()});
    placed.push_back({done, done.time == post.time ? 2 : 0, placed.size()});
  }
  std::sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) {
    if (a.event.time != b.event.time) return a.event.time < b.event.time;
    if (a.order != b.order) return a.order < b.order;
    return a.seq < b.seq;
  });
  std::vector<Event> out;
  out.reserve(placed.size());
  for (const Placed& p : placed) out.push_back(p.event);
  return out;
}

} // namespace collscope::rec::smpi
