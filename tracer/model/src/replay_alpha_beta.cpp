#include "replay_walk.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

namespace collscope::model {

namespace {

// Event-driven. Sends depend only on their own rank (they never wait for the receiver, as an
// eager send), so a rank runs until it blocks in a call that completes a receive not yet
// timed. Of the receives whose message has been sent, the one that can start earliest on its
// rank's receive port goes next; times only grow, so this is the order of the replayed clock.
class AlphaBetaReplay : ReplayWalk {
public:
  AlphaBetaReplay(const Trace& trace, AlphaBeta model)
      : ReplayWalk(trace), model_(model), ports_(trace.ranks.size()) {}

  Replay run() {
    start();
    while (!ready_.empty()) {
      const auto [key, m] = ready_.top();
      ready_.pop();
      const int receiver = trace_.messages[m].receiver;
      const double start = std::max(key, ports_[receiver].recv);
      if (start > key) { // the port got busy since m was queued
        ready_.emplace(start, m);
        continue;
      }
      out_.message_start[m] = start;
      out_.message_end[m] = ports_[receiver].recv = start + cost(m);
      advance(receiver);
    }
    return finish();
  }

private:
  struct Ports {
    double send = 0.0; ///< free from
    double recv = 0.0;
  };

  double cost(int m) const {
    return model_.alpha + model_.beta * static_cast<double>(trace_.messages[m].bytes);
  }

  void on_send(int rank, int m) override {
    const double start = std::max(walk_[rank].clock, ports_[rank].send);
    ports_[rank].send = start + cost(m);
    send_started(m, start, ports_[rank].send);
  }

  void on_ready(int m, double at) override { ready_.emplace(at, m); }

  AlphaBeta model_;
  std::vector<Ports> ports_;
  std::priority_queue<std::pair<double, int>, std::vector<std::pair<double, int>>, std::greater<>>
      ready_;
};

} // namespace

Replay replay_alpha_beta(const Trace& trace, AlphaBeta model) {
  return AlphaBetaReplay(trace, model).run();
}

} // namespace collscope::model
