#include "replay_walk.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <optional>
#include <queue>
#include <stdexcept>
#include <string>
#include <tuple>

namespace collscope::model {

namespace {

// The α-β replay's event loop, with sends as events too: a port or lane is a shared resource
// (k of them per rank or per node), so every transfer must take one in the order of the time it
// could start, whichever rank reached it first in the loop. A rank's sends start in program
// order (only the first of its unstarted sends is queued); a transfer whose resource is busy is
// queued again at the time one frees up. Times only grow, so this is the replayed clock's order.
class TwoLevelReplay : ReplayWalk {
public:
  TwoLevelReplay(const Trace& trace, const NodeLayout& layout, TwoLevel model)
      : ReplayWalk(trace), layout_(layout), model_(model), ports_(trace.ranks.size()),
        out_lanes_(static_cast<std::size_t>(layout.nodes)),
        in_lanes_(static_cast<std::size_t>(layout.nodes)),
        reached_(trace.messages.size(), unknown) {
    const auto ports = static_cast<std::size_t>(std::max(1, model_.ports));
    for (RankPorts& s : ports_) {
      s.send_ports.assign(ports, 0.0);
      s.recv_ports.assign(ports, 0.0);
    }
    for (std::size_t n = 0; n < out_lanes_.size(); ++n) {
      out_lanes_[n].assign(static_cast<std::size_t>(std::max(0, model_.lanes)), 0.0);
      in_lanes_[n].assign(static_cast<std::size_t>(std::max(0, model_.lanes)), 0.0);
    }
  }

  Replay run() {
    start();
    while (!events_.empty()) {
      const auto [key, kind, m] = events_.top();
      events_.pop();
      if (kind == send_event)
        start_send(key, m);
      else
        start_receive(key, m);
    }
    return finish();
  }

private:
  static constexpr int send_event = 0;
  static constexpr int receive_event = 1;

  struct RankPorts {
    std::vector<double> send_ports; ///< each free from
    std::vector<double> recv_ports;
    std::deque<int> unsent; ///< messages whose send the rank reached, not yet started
  };

  bool off_node(int m) const {
    const Message& msg = trace_.messages[m];
    return !layout_.same_node(msg.sender, msg.receiver);
  }

  double cost(int m) const {
    const AlphaBeta& ab = off_node(m) ? model_.network : model_.node;
    return ab.alpha + ab.beta * static_cast<double>(trace_.messages[m].bytes);
  }

  // Takes for m, from `key` on, the earliest free of `ports` and, off-node, of `lanes` until
  // the transfer ends. Returns its start, or nothing if one of them is busy at `key`: m is
  // queued again (as a `kind` event) for when it frees up.
  std::optional<double> occupy(std::vector<double>& ports, std::vector<double>* lanes, double key,
                               int kind, int m) {
    double* port = &*std::min_element(ports.begin(), ports.end());
    double* lane = lanes == nullptr || lanes->empty()
                       ? nullptr
                       : &*std::min_element(lanes->begin(), lanes->end());
    const double start = std::max({key, *port, lane == nullptr ? 0.0 : *lane});
    if (start > key) {
      events_.emplace(start, kind, m);
      return std::nullopt;
    }
    *port = start + cost(m);
    if (lane != nullptr) *lane = *port;
    return start;
  }

  void start_send(double key, int m) {
    const int sender = trace_.messages[m].sender;
    RankPorts& s = ports_[sender];
    const std::optional<double> start =
        occupy(s.send_ports, off_node(m) ? &out_lanes_[layout_.node_of[sender]] : nullptr, key,
               send_event, m);
    if (!start) return;
    s.unsent.pop_front();
    if (!s.unsent.empty())
      events_.emplace(std::max(*start, reached_[s.unsent.front()]), send_event, s.unsent.front());
    send_started(m, *start, *start + cost(m));
    advance(sender);
  }

  void start_receive(double key, int m) {
    const int receiver = trace_.messages[m].receiver;
    const std::optional<double> start = occupy(
        ports_[receiver].recv_ports, off_node(m) ? &in_lanes_[layout_.node_of[receiver]] : nullptr,
        key, receive_event, m);
    if (!start) return;
    out_.message_start[m] = *start;
    out_.message_end[m] = *start + cost(m);
    advance(receiver);
  }

  // A send starts in the event loop, in order of the time it could start (its port or lane may
  // be taken by a transfer another rank reached first).
  void on_send(int rank, int m) override {
    RankPorts& s = ports_[rank];
    reached_[m] = walk_[rank].clock;
    s.unsent.push_back(m);
    if (s.unsent.size() == 1) events_.emplace(walk_[rank].clock, send_event, m);
  }

  void on_ready(int m, double at) override { events_.emplace(at, receive_event, m); }

  const NodeLayout& layout_;
  TwoLevel model_;
  std::vector<RankPorts> ports_;               ///< per rank
  std::vector<std::vector<double>> out_lanes_; ///< per node, each lane free from
  std::vector<std::vector<double>> in_lanes_;
  std::vector<double> reached_;
  std::priority_queue<std::tuple<double, int, int>, std::vector<std::tuple<double, int, int>>,
                      std::greater<>>
      events_;
};

} // namespace

Replay replay_two_level(const Trace& trace, const NodeLayout& layout, TwoLevel model) {
  if (layout.node_of.size() != trace.ranks.size())
    throw std::invalid_argument("a node layout of " + std::to_string(layout.node_of.size()) +
                                " ranks for a trace of " + std::to_string(trace.ranks.size()));
  return TwoLevelReplay(trace, layout, model).run();
}

} // namespace collscope::model
