#include "collscope/schedule/one_ported.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <tuple>

namespace collscope::schedule {

namespace {

// Which rounds a rank already uses, as sender or as receiver: first fit from a lower bound.
class Busy {
public:
  bool taken(int round) const {
    return round < static_cast<int>(used_.size()) && used_[static_cast<std::size_t>(round)];
  }
  void take(int round) {
    if (round >= static_cast<int>(used_.size())) used_.resize(static_cast<std::size_t>(round) + 1);
    used_[static_cast<std::size_t>(round)] = true;
  }

private:
  std::vector<bool> used_;
};

// A send waiting for its round: ready from round `ready`; ties as the header says. Of two
// senders' messages into one rank, the one it completes first goes first: Open MPI's
// recursive-doubling barrier at p = 3 receives from 2 before 1, and takes 3 rounds so.
struct Ready {
  int ready;
  int position;    // the send's index among the sender's events
  int received_at; // the receive's index among the receiver's events
  int sender;
  int message;
  friend bool operator>(const Ready& a, const Ready& b) {
    return std::tie(a.ready, a.position, a.received_at, a.sender) >
           std::tie(b.ready, b.position, b.received_at, b.sender);
  }
};

} // namespace

OnePorted one_ported_rounds(const std::vector<std::vector<PortEvent>>& events, int messages) {
  const int ranks = static_cast<int>(events.size());
  const auto n = static_cast<std::size_t>(std::max(messages, 0));
  std::vector<int> sender(n, -1), receiver(n, -1), received_at(n, 0);
  for (int r = 0; r < ranks; ++r)
    for (std::size_t i = 0; i < events[static_cast<std::size_t>(r)].size(); ++i) {
      const PortEvent& e = events[static_cast<std::size_t>(r)][i];
      if (e.message < 0 || e.message >= messages) continue;
      const auto m = static_cast<std::size_t>(e.message);
      if (e.send) {
        sender[m] = r;
      } else {
        receiver[m] = r;
        received_at[m] = static_cast<int>(i);
      }
    }

  OnePorted out;
  out.round.assign(n, -1);
  std::vector<Busy> sending(static_cast<std::size_t>(ranks)),
      receiving(static_cast<std::size_t>(ranks));
  std::vector<std::size_t> frontier(static_cast<std::size_t>(ranks), 0);
  std::vector<int> received_up_to(static_cast<std::size_t>(ranks), -1);
  std::priority_queue<Ready, std::vector<Ready>, std::greater<>> ready;

  // Walks a rank's events as far as its receives have rounds: each send passed becomes ready
  // one round after every receive the rank completed before posting it.
  const auto advance = [&](int rank) {
    const auto& list = events[static_cast<std::size_t>(rank)];
    std::size_t& at = frontier[static_cast<std::size_t>(rank)];
    int& after = received_up_to[static_cast<std::size_t>(rank)];
    for (; at < list.size(); ++at) {
      const PortEvent& e = list[at];
      if (e.message < 0 || e.message >= messages) continue;
      const auto m = static_cast<std::size_t>(e.message);
      if (e.send) {
        if (receiver[m] >= 0)
          ready.push({after + 1, static_cast<int>(at), received_at[m], rank, e.message});
        continue;
      }
      if (sender[m] < 0) continue;  // a receive nobody sent: no dependency to wait for
      if (out.round[m] < 0) return; // its send has no round yet
      after = std::max(after, out.round[m]);
    }
  };
  for (int r = 0; r < ranks; ++r) advance(r);

  int placed = 0, placeable = 0;
  for (std::size_t m = 0; m < n; ++m) placeable += sender[m] >= 0 && receiver[m] >= 0;
  while (!ready.empty()) {
    const Ready next = ready.top();
    ready.pop();
    const auto m = static_cast<std::size_t>(next.message);
    Busy& out_of = sending[static_cast<std::size_t>(sender[m])];
    Busy& into = receiving[static_cast<std::size_t>(receiver[m])];
    int round = next.ready;
    while (out_of.taken(round) || into.taken(round)) ++round;
    out_of.take(round);
    into.take(round);
    out.round[m] = round;
    out.rounds = std::max(out.rounds, round + 1);
    ++placed;
    advance(receiver[m]);
  }
  out.consistent = placed == placeable && placeable == messages;
  return out;
}

} // namespace collscope::schedule
