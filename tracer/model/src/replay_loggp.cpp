#include "collscope/model/replay.hpp"

#include <algorithm>
#include <deque>

namespace collscope::model {

namespace {

constexpr double unknown = -1.0;

// Sends never wait for their receiver, so each rank simply runs until a receive whose message
// has not been sent yet; a rank that sends wakes the receiver.
class LogGPReplay {
public:
  LogGPReplay(const Trace& trace, LogGP model)
      : trace_(trace), model_(model), ranks_(trace.ranks.size()),
        arrival_(trace.messages.size(), unknown) {
    out_.message_start.assign(trace.messages.size(), unknown);
    out_.message_end.assign(trace.messages.size(), unknown);
  }

  Replay run() {
    std::deque<int> work;
    for (const Rank& rank : trace_.ranks) work.push_back(rank.id);
    while (!work.empty()) {
      const int r = work.front();
      work.pop_front();
      advance(r, work);
    }
    for (const Rank& rank : trace_.ranks) {
      out_.rank_completion.push_back(ranks_[rank.id].clock);
      out_.complete = out_.complete && ranks_[rank.id].cursor == rank.operations.size();
    }
    if (!out_.rank_completion.empty())
      out_.total = *std::max_element(out_.rank_completion.begin(), out_.rank_completion.end());
    return out_;
  }

private:
  struct RankState {
    double clock = 0.0;
    double next_send = 0.0; ///< earliest start of the rank's next send (the gap)
    std::size_t cursor = 0;
  };

  double per_byte(std::uint64_t bytes) const {
    return bytes == 0 ? 0.0 : static_cast<double>(bytes - 1) * model_.G;
  }

  void advance(int r, std::deque<int>& work) {
    const Rank& rank = trace_.ranks[r];
    RankState& s = ranks_[r];
    for (; s.cursor < rank.operations.size(); ++s.cursor) {
      const Operation& op = rank.operations[s.cursor];
      const int m = op.message;
      if (op.kind == OpKind::send || op.kind == OpKind::isend) {
        const double start = std::max(s.clock, s.next_send);
        s.clock = start + model_.o;
        s.next_send = start + per_byte(op.bytes) + model_.g;
        if (m == no_index) continue;
        out_.message_start[m] = start;
        arrival_[m] = start + model_.o + per_byte(op.bytes) + model_.L;
        work.push_back(trace_.messages[m].receiver);
      } else if (op.kind == OpKind::recv || op.kind == OpKind::irecv_complete) {
        if (m != no_index && arrival_[m] == unknown) return; // its sender is not there yet
        s.clock = (m == no_index ? s.clock : std::max(s.clock, arrival_[m])) + model_.o;
        if (m != no_index) out_.message_end[m] = s.clock;
      }
    }
  }

  const Trace& trace_;
  LogGP model_;
  std::vector<RankState> ranks_;
  std::vector<double> arrival_;
  Replay out_;
};

} // namespace

Replay replay_loggp(const Trace& trace, LogGP model) {
  return LogGPReplay(trace, model).run();
}

} // namespace collscope::model
