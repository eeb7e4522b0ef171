#include "collscope/schedule/exchange_replay.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <queue>
#include <vector>

namespace collscope::schedule {

namespace {

constexpr double never = std::numeric_limits<double>::infinity();

struct Event {
  double time;
  std::uint64_t seq; ///< ties in the order they were made
  enum Kind { start, post, moved, arrive } kind;
  int a; ///< start, post: the rank; moved, arrive: the flow
  int b; ///< post: the round; moved: the flow's version
  bool operator>(const Event& other) const {
    return time != other.time ? time > other.time : seq > other.seq;
  }
};

struct Flow {
  int from = 0, to = 0, round = 0;
  double left = 0;    ///< bytes still to move
  double rate = 0;    ///< bytes/s now
  double since = 0;   ///< when `left` was last brought up to date
  double latency = 0; ///< after the last byte
  std::vector<int> links = {};
  int version = 0;
};

struct Rank {
  int round = 0;
  double send_done = never, recv_done = never;
  int posted = -1; ///< the last round whose receive is posted
};

class Replay {
public:
  Replay(int rounds, const ExchangeSchedule& step, const ReplayPlatform& platform)
      : rounds_(rounds), step_(step), pf_(platform), ranks_(static_cast<std::size_t>(pf_.p)) {
    const int n = std::max(1, pf_.per_node);
    nodes_ = (pf_.p + n - 1) / n;
    const int lanes = pf_.lanes > 0 ? std::min(pf_.lanes, n) : n;
    lanes_ = lanes;
    on_link_.assign(static_cast<std::size_t>(2 * nodes_ * lanes), {});
  }

  /// The time the last rank completed its last round.
  double run() {
    for (int r = 0; r < pf_.p; ++r) push(0, Event::start, r, 0);
    while (!events_.empty()) {
      const Event e = events_.top();
      events_.pop();
      now_ = e.time;
      switch (e.kind) {
      case Event::start:
        push(now_ + pf_.o, Event::post, e.a, ranks_[static_cast<std::size_t>(e.a)].round);
        break;
      case Event::post:
        posted(e.a, e.b);
        break;
      case Event::moved:
        if (flows_[static_cast<std::size_t>(e.a)].version == e.b) moved(e.a);
        break;
      case Event::arrive:
        arrived(e.a);
        break;
      }
    }
    return finished_;
  }

private:
  int node_of(int r) const {
    const int n = std::max(1, pf_.per_node);
    return pf_.consecutive ? r / n : r % nodes_;
  }
  int local_of(int r) const {
    const int n = std::max(1, pf_.per_node);
    return pf_.consecutive ? r % n : r / nodes_;
  }
  int link_out(int r) const { return (node_of(r) * lanes_ + local_of(r) % lanes_) * 2; }
  int link_in(int r) const { return link_out(r) + 1; }

  void push(double time, Event::Kind kind, int a, int b) {
    events_.push(Event{time, seq_++, kind, a, b});
  }

  void posted(int r, int round) {
    Rank& me = ranks_[static_cast<std::size_t>(r)];
    me.posted = round;
    const ExchangeStep s = step_(r, round);
    me.send_done = s.send_to < 0 || s.send_bytes < pf_.eager_bytes ? now_ : never;
    me.recv_done = s.recv_from < 0 ? now_ : never;
    if (s.send_to >= 0) {
      if (ranks_[static_cast<std::size_t>(s.send_to)].posted >= round)
        start_flow(r, s.send_to, round, s.send_bytes);
      else
        parked_[{s.send_to, round}].push_back({r, s.send_bytes});
    }
    if (const auto it = parked_.find({r, round}); it != parked_.end()) {
      for (const auto& [from, bytes] : it->second) start_flow(from, r, round, bytes);
      parked_.erase(it);
    }
    finish_round(r);
  }

  void start_flow(int from, int to, int round, double bytes) {
    const bool inside = node_of(from) == node_of(to);
    Flow f{.from = from,
           .to = to,
           .round = round,
           .left = bytes,
           .since = now_,
           .latency = inside ? pf_.alpha_node : pf_.alpha};
    if (!inside) f.links = {link_out(from), link_in(to)};
    const int id = static_cast<int>(flows_.size());
    flows_.push_back(f);
    if (inside) {
      Flow& g = flows_.back();
      g.rate = pf_.beta_node > 0 ? 1 / pf_.beta_node : never;
      schedule_moved(id);
      return;
    }
    for (const int l : f.links) on_link_[static_cast<std::size_t>(l)].push_back(id);
    share(f.links);
  }

  /// Brings the flows on `links` up to date and gives each its tightest equal share.
  void share(const std::vector<int>& links) {
    std::vector<int> touched;
    for (const int l : links)
      for (const int id : on_link_[static_cast<std::size_t>(l)]) touched.push_back(id);
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (const int id : touched) {
      Flow& f = flows_[static_cast<std::size_t>(id)];
      if (f.rate > 0 && f.rate < never) f.left = std::max(0.0, f.left - f.rate * (now_ - f.since));
      f.since = now_;
      double rate = never;
      for (const int l : f.links) {
        const double n = static_cast<double>(on_link_[static_cast<std::size_t>(l)].size());
        rate = std::min(rate, pf_.beta > 0 ? 1 / (pf_.beta * n) : never);
      }
      f.rate = rate;
      schedule_moved(id);
    }
  }

  void schedule_moved(int id) {
    Flow& f = flows_[static_cast<std::size_t>(id)];
    ++f.version;
    push(f.rate >= never ? now_ : now_ + f.left / f.rate, Event::moved, id, f.version);
  }

  void moved(int id) {
    Flow& f = flows_[static_cast<std::size_t>(id)];
    f.left = 0;
    push(now_ + f.latency, Event::arrive, id, 0);
    if (f.links.empty()) return;
    for (const int l : f.links) {
      auto& on = on_link_[static_cast<std::size_t>(l)];
      on.erase(std::find(on.begin(), on.end(), id));
    }
    share(f.links);
  }

  void arrived(int id) {
    const Flow& f = flows_[static_cast<std::size_t>(id)];
    ranks_[static_cast<std::size_t>(f.to)].recv_done = now_ + pf_.o;
    Rank& sender = ranks_[static_cast<std::size_t>(f.from)];
    if (sender.round == f.round && sender.send_done >= never) {
      sender.send_done = now_;
      finish_round(f.from);
    }
    finish_round(f.to);
  }

  void finish_round(int r) {
    Rank& me = ranks_[static_cast<std::size_t>(r)];
    if (me.posted != me.round || me.send_done >= never || me.recv_done >= never) return;
    const double end = std::max(me.send_done, me.recv_done);
    me.send_done = me.recv_done = never;
    finished_ = std::max(finished_, end);
    if (++me.round < rounds_) push(end, Event::start, r, 0);
  }

  int rounds_;
  const ExchangeSchedule& step_;
  ReplayPlatform pf_;
  std::vector<Rank> ranks_;
  int nodes_ = 1, lanes_ = 1;
  std::vector<std::vector<int>> on_link_;
  std::vector<Flow> flows_;
  std::map<std::pair<int, int>, std::vector<std::pair<int, double>>> parked_;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> events_;
  std::uint64_t seq_ = 0;
  double now_ = 0, finished_ = 0;
};

} // namespace

double replay_exchange(int rounds, const ExchangeSchedule& step, const ReplayPlatform& platform) {
  if (platform.p <= 1 || rounds <= 0) return 0;
  return Replay(rounds, step, platform).run();
}

} // namespace collscope::schedule
