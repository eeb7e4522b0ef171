#include "collscope/model/replay.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <queue>
#include <stdexcept>
#include <string>
#include <tuple>

namespace collscope::model {

namespace {

constexpr double unknown = -1.0; ///< replayed times are never negative

// The α-β replay's event loop, with sends as events too: a port or lane is a shared resource
// (k of them per rank or per node), so every transfer must take one in the order of the time it
// could start, whichever rank reached it first in the loop. A rank's sends start in program
// order (only the first of its unstarted sends is queued); a transfer whose resource is busy is
// queued again at the time one frees up. Times only grow, so this is the replayed clock's order.
class TwoLevelReplay {
public:
  TwoLevelReplay(const Trace& trace, const NodeLayout& layout, TwoLevel model)
      : trace_(trace), layout_(layout), model_(model), ranks_(trace.ranks.size()),
        out_lanes_(static_cast<std::size_t>(layout.nodes)),
        in_lanes_(static_cast<std::size_t>(layout.nodes)), reached_(trace.messages.size(), unknown),
        send_start_(trace.messages.size(), unknown), posted_(trace.messages.size(), unknown),
        send_end_(trace.messages.size(), unknown) {
    const auto ports = static_cast<std::size_t>(std::max(1, model_.ports));
    for (RankState& s : ranks_) {
      s.send_ports.assign(ports, 0.0);
      s.recv_ports.assign(ports, 0.0);
    }
    for (std::size_t n = 0; n < out_lanes_.size(); ++n) {
      out_lanes_[n].assign(static_cast<std::size_t>(std::max(0, model_.lanes)), 0.0);
      in_lanes_[n].assign(static_cast<std::size_t>(std::max(0, model_.lanes)), 0.0);
    }
    out_.message_start.assign(trace.messages.size(), unknown);
    out_.message_end.assign(trace.messages.size(), unknown);
  }

  Replay run() {
    for (const Rank& rank : trace_.ranks) advance(rank.id);
    while (!events_.empty()) {
      const auto [key, kind, m] = events_.top();
      events_.pop();
      if (kind == send_event)
        start_send(key, m);
      else
        start_receive(key, m);
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
  static constexpr int send_event = 0;
  static constexpr int receive_event = 1;

  struct RankState {
    double clock = 0.0;
    std::vector<double> send_ports; ///< each free from
    std::vector<double> recv_ports;
    std::deque<int> unsent; ///< messages whose send the rank reached, not yet started
    std::size_t cursor = 0;
    bool waiting = false;              ///< blocked until every pending end is known
    std::vector<const double*> ending; ///< ends of the transfers the current call completes
  };

  bool off_node(int m) const {
    const Message& msg = trace_.messages[m];
    return !layout_.same_node(msg.sender, msg.receiver);
  }

  double cost(int m) const {
    const AlphaBeta& ab = off_node(m) ? model_.network : model_.node;
    return ab.alpha + ab.beta * static_cast<double>(trace_.messages[m].bytes);
  }

  // The port, and for an off-node transfer also the lane, it takes: the earliest free of each.
  // Returns when both are free.
  static double earliest(std::vector<double>& ports, std::vector<double>* lanes, double*& port,
                         double*& lane) {
    port = &*std::min_element(ports.begin(), ports.end());
    lane = lanes == nullptr || lanes->empty() ? nullptr
                                              : &*std::min_element(lanes->begin(), lanes->end());
    return std::max(*port, lane == nullptr ? 0.0 : *lane);
  }

  void start_send(double key, int m) {
    const int sender = trace_.messages[m].sender;
    RankState& s = ranks_[sender];
    std::vector<double>* lanes = off_node(m) ? &out_lanes_[layout_.node_of[sender]] : nullptr;
    double* port = nullptr;
    double* lane = nullptr;
    const double start = std::max(key, earliest(s.send_ports, lanes, port, lane));
    if (start > key) {
      events_.emplace(start, send_event, m);
      return;
    }
    send_start_[m] = start;
    send_end_[m] = *port = start + cost(m);
    if (lane != nullptr) *lane = send_end_[m];
    s.unsent.pop_front();
    if (!s.unsent.empty())
      events_.emplace(std::max(start, reached_[s.unsent.front()]), send_event, s.unsent.front());
    queue_if_ready(m);
    advance(sender);
  }

  void start_receive(double key, int m) {
    const int receiver = trace_.messages[m].receiver;
    RankState& s = ranks_[receiver];
    std::vector<double>* lanes = off_node(m) ? &in_lanes_[layout_.node_of[receiver]] : nullptr;
    double* port = nullptr;
    double* lane = nullptr;
    const double start = std::max(key, earliest(s.recv_ports, lanes, port, lane));
    if (start > key) {
      events_.emplace(start, receive_event, m);
      return;
    }
    out_.message_start[m] = start;
    out_.message_end[m] = *port = start + cost(m);
    if (lane != nullptr) *lane = out_.message_end[m];
    advance(receiver);
  }

  void queue_if_ready(int m) {
    if (send_start_[m] == unknown || posted_[m] == unknown) return;
    events_.emplace(std::max(send_start_[m], posted_[m]), receive_event, m);
  }

  void reach_send(RankState& s, int m) {
    reached_[m] = s.clock;
    s.unsent.push_back(m);
    if (s.unsent.size() == 1) events_.emplace(s.clock, send_event, m);
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
        if (op.kind == OpKind::send || op.kind == OpKind::isend) reach_send(s, m);
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
  const NodeLayout& layout_;
  TwoLevel model_;
  std::vector<RankState> ranks_;
  std::vector<std::vector<double>> out_lanes_; ///< per node, each lane free from
  std::vector<std::vector<double>> in_lanes_;
  std::vector<double> reached_;
  std::vector<double> send_start_;
  std::vector<double> posted_;
  std::vector<double> send_end_;
  std::priority_queue<std::tuple<double, int, int>, std::vector<std::tuple<double, int, int>>,
                      std::greater<>>
      events_;
  Replay out_;
};

} // namespace

Replay replay_two_level(const Trace& trace, const NodeLayout& layout, TwoLevel model) {
  if (layout.node_of.size() != trace.ranks.size())
    throw std::invalid_argument("a node layout of " + std::to_string(layout.node_of.size()) +
                                " ranks for a trace of " + std::to_string(trace.ranks.size()));
  return TwoLevelReplay(trace, layout, model).run();
}

} // namespace collscope::model
