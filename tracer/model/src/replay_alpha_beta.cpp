#include "collscope/model/replay.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

namespace collscope::model {

namespace {

constexpr double unknown = -1.0; ///< replayed times are never negative

// Event-driven. Sends depend only on their own rank (they never wait for the receiver, as an
// eager send), so a rank runs until it blocks in a call that completes a receive not yet
// timed. Of the receives whose message has been sent, the one that can start earliest on its
// rank's receive port goes next; times only grow, so this is the order of the replayed clock.
class AlphaBetaReplay {
public:
  AlphaBetaReplay(const Trace& trace, AlphaBeta model)
      : trace_(trace), model_(model), ranks_(trace.ranks.size()),
        send_start_(trace.messages.size(), unknown), posted_(trace.messages.size(), unknown),
        send_end_(trace.messages.size(), unknown) {
    out_.message_start.assign(trace.messages.size(), unknown);
    out_.message_end.assign(trace.messages.size(), unknown);
  }

  Replay run() {
    for (const Rank& rank : trace_.ranks) advance(rank.id);
    while (!ready_.empty()) {
      const auto [key, m] = ready_.top();
      ready_.pop();
      const int receiver = trace_.messages[m].receiver;
      const double start = std::max(key, ranks_[receiver].recv_port);
      if (start > key) { // the port got busy since m was queued
        ready_.emplace(start, m);
        continue;
      }
      out_.message_start[m] = start;
      out_.message_end[m] = ranks_[receiver].recv_port = start + cost(m);
      advance(receiver);
    }
    for (const Rank& rank : trace_.ranks) {
      const RankState& s = ranks_[rank.id];
      out_.rank_completion.push_back(s.clock);
      out_.complete = out_.complete && s.cursor == rank.operations.size() && !s.waiting;
    }
    if (!out_.rank_completion.empty())
      out_.total = *std::max_element(out_.rank_completion.begin(), out_.rank_completion.end());
    return out_;
  }

private:
  struct RankState {
    double clock = 0.0;
    double send_port = 0.0; ///< free from
    double recv_port = 0.0;
    std::size_t cursor = 0;
    bool waiting = false;              ///< blocked until every pending end is known
    std::vector<const double*> ending; ///< ends of the transfers the current call completes
  };

  double cost(int m) const {
    return model_.alpha + model_.beta * static_cast<double>(trace_.messages[m].bytes);
  }

  void queue_if_ready(int m) {
    if (send_start_[m] == unknown || posted_[m] == unknown) return;
    ready_.emplace(std::max(send_start_[m], posted_[m]), m);
  }

  void send(RankState& s, int m) {
    const double start = std::max(s.clock, s.send_port);
    send_start_[m] = start;
    send_end_[m] = s.send_port = start + cost(m);
    queue_if_ready(m);
  }

  void post_receive(const RankState& s, int m) {
    if (posted_[m] != unknown) return; // posted by its Irecv already
    posted_[m] = s.clock;
    queue_if_ready(m);
  }

  // The message of an operation, or of its request partner (Isend-complete, Irecv-request).
  int message_of(const Rank& rank, const Operation& op) const {
    if (op.message != no_index || op.partner == no_index) return op.message;
    return rank.operations[op.partner].message;
  }

  void advance(int r) {
    const Rank& rank = trace_.ranks[r];
    RankState& s = ranks_[r];
    while (true) {
      if (s.waiting) {
        for (const double* end : s.ending) {
          if (*end == unknown) return;
          s.clock = std::max(s.clock, *end);
        }
        s.ending.clear();
        s.waiting = false;
      }
      if (s.cursor == rank.operations.size()) {
        s.waiting = !s.ending.empty();
        if (!s.waiting) return;
        continue;
      }
      const Operation& op = rank.operations[s.cursor++];
      const int m = message_of(rank, op);
      const bool completes = op.kind == OpKind::send || op.kind == OpKind::recv ||
                             op.kind == OpKind::isend_complete || op.kind == OpKind::irecv_complete;
      if (m != no_index) {
        if (op.kind == OpKind::send || op.kind == OpKind::isend) send(s, m);
        if (op.kind == OpKind::recv || op.kind == OpKind::irecv_request ||
            op.kind == OpKind::irecv_complete)
          post_receive(s, m);
        if (completes) {
          const bool sending = op.kind == OpKind::send || op.kind == OpKind::isend_complete;
          s.ending.push_back(sending ? &send_end_[m] : &out_.message_end[m]);
        }
      }
      if (op.kind == OpKind::leave || (completes && op.call == no_index))
        s.waiting = !s.ending.empty();
    }
  }

  const Trace& trace_;
  AlphaBeta model_;
  std::vector<RankState> ranks_;
  std::vector<double> send_start_;
  std::vector<double> posted_;
  std::vector<double> send_end_;
  std::priority_queue<std::pair<double, int>, std::vector<std::pair<double, int>>, std::greater<>>
      ready_;
  Replay out_;
};

} // namespace

Replay replay_alpha_beta(const Trace& trace, AlphaBeta model) {
  return AlphaBetaReplay(trace, model).run();
}

} // namespace collscope::model
