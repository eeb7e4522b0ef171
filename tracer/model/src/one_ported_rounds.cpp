// One-ported rounds from the order of events (inferred_rounds.hpp, "one-ported rule"): for code
// collscope did not write — native collectives, point-to-point phases — where no annotation says
// what a round is and the clock must not decide it.
#include "collscope/model/inferred_rounds.hpp"

#include "collscope/model/steps.hpp"

#include <algorithm>
#include <queue>
#include <tuple>
#include <vector>

namespace collscope::model {

namespace {

// A rank's message events in program order: the sends it posts and the receives it completes.
struct Event {
  int message;
  bool is_send;
};

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

// A send waiting for its round: ready from round `ready`. Ties go by the sender's program order
// (a rank's sends keep their order), then the receiver's (of two senders' first sends into one
// rank, the one it completes first is placed first: a root that receives from 2, then from 1,
// gets 2's message in the earlier round), then the sender's rank, so that the same trace
// always gives the same rounds.
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

InferredRounds one_ported_rounds(const Trace& trace) {
  const int ranks = static_cast<int>(trace.ranks.size());
  const int messages = static_cast<int>(trace.messages.size());
  std::vector<std::vector<Event>> events(static_cast<std::size_t>(ranks));
  std::vector<int> received_at(static_cast<std::size_t>(messages), 0);
  for (const Rank& rank : trace.ranks) {
    auto& list = events[static_cast<std::size_t>(rank.id)];
    for (const Operation& op : rank.operations) {
      if (op.message == no_index || is_self_message(rank, op)) continue;
      if (op.kind == OpKind::send || op.kind == OpKind::isend) {
        list.push_back({op.message, true});
      } else if (op.kind == OpKind::recv || op.kind == OpKind::irecv_complete) {
        received_at[static_cast<std::size_t>(op.message)] = static_cast<int>(list.size());
        list.push_back({op.message, false});
      }
    }
  }

  InferredRounds out;
  out.message_round.assign(static_cast<std::size_t>(messages), no_index);
  std::vector<Busy> sending(static_cast<std::size_t>(ranks));
  std::vector<Busy> receiving(static_cast<std::size_t>(ranks));
  std::vector<std::size_t> frontier(static_cast<std::size_t>(ranks), 0);
  std::vector<int> received_up_to(static_cast<std::size_t>(ranks), -1); // latest round received
  std::priority_queue<Ready, std::vector<Ready>, std::greater<>> ready;

  // Walks a rank's events as far as its receives have rounds: each send passed becomes ready
  // one round after every receive the rank completed before posting it.
  const auto advance = [&](int rank) {
    auto& list = events[static_cast<std::size_t>(rank)];
    std::size_t& at = frontier[static_cast<std::size_t>(rank)];
    int& after = received_up_to[static_cast<std::size_t>(rank)];
    for (; at < list.size(); ++at) {
      const Event& e = list[at];
      if (e.is_send) {
        ready.push({after + 1, static_cast<int>(at),
                    received_at[static_cast<std::size_t>(e.message)], rank, e.message});
        continue;
      }
      const int round = out.message_round[static_cast<std::size_t>(e.message)];
      if (round == no_index) return; // its send has no round yet
      after = std::max(after, round);
    }
  };
  for (int r = 0; r < ranks; ++r) advance(r);

  int assigned = 0;
  while (!ready.empty()) {
    const Ready next = ready.top();
    ready.pop();
    const Message& m = trace.messages[static_cast<std::size_t>(next.message)];
    Busy& out_of = sending[static_cast<std::size_t>(m.sender)];
    Busy& into = receiving[static_cast<std::size_t>(m.receiver)];
    int round = next.ready;
    while (out_of.taken(round) || into.taken(round)) ++round;
    out_of.take(round);
    into.take(round);
    out.message_round[static_cast<std::size_t>(next.message)] = round;
    out.rounds = std::max(out.rounds, round + 1);
    ++assigned;
    advance(m.receiver);
  }

  // Messages never reached wait on a receive whose send waits on them: a cycle no real run
  // has. They keep no round, and the rounds given are a lower bound.
  const auto between_ranks = std::count_if(trace.messages.begin(), trace.messages.end(),
                                           [](const Message& m) { return m.sender != m.receiver; });
  out.consistent = assigned == static_cast<int>(between_ranks);

  out.step.resize(static_cast<std::size_t>(ranks));
  for (const Rank& rank : trace.ranks) {
    auto& steps = out.step[static_cast<std::size_t>(rank.id)];
    steps.assign(rank.operations.size(), no_index);
    for (std::size_t i = 0; i < rank.operations.size(); ++i) {
      const Operation& op = rank.operations[i];
      int message = op.message;
      if (message == no_index && op.kind == OpKind::isend_complete && op.partner != no_index)
        message = rank.operations[static_cast<std::size_t>(op.partner)].message;
      if (message == no_index || is_self_message(rank, op) ||
          op.kind == OpKind::irecv_request)
        continue;
      steps[i] = out.message_round[static_cast<std::size_t>(message)];
    }
  }
  return out;
}

} // namespace collscope::model
