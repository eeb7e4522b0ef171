#include "replay_walk.hpp"

#include "collscope/model/steps.hpp"

#include <algorithm>

namespace collscope::model {

ReplayWalk::ReplayWalk(const Trace& trace)
    : trace_(trace), walk_(trace.ranks.size()), send_start_(trace.messages.size(), unknown),
      posted_(trace.messages.size(), unknown), send_end_(trace.messages.size(), unknown) {
  out_.message_start.assign(trace.messages.size(), unknown);
  out_.message_end.assign(trace.messages.size(), unknown);
}

void ReplayWalk::start() {
  for (const Rank& rank : trace_.ranks) advance(rank.id);
}

Replay ReplayWalk::finish() {
  for (const Rank& rank : trace_.ranks) {
    const RankState& s = walk_[rank.id];
    out_.rank_completion.push_back(s.clock);
    out_.complete = out_.complete && s.cursor == rank.operations.size() && !s.waiting;
  }
  if (!out_.rank_completion.empty())
    out_.total = *std::max_element(out_.rank_completion.begin(), out_.rank_completion.end());
  return out_;
}

void ReplayWalk::send_started(int m, double start, double end) {
  send_start_[m] = start;
  send_end_[m] = end;
  queue_if_ready(m);
}

void ReplayWalk::queue_if_ready(int m) {
  if (send_start_[m] == unknown || posted_[m] == unknown) return;
  on_ready(m, std::max(send_start_[m], posted_[m]));
}

void ReplayWalk::post_receive(const RankState& s, int m) {
  if (posted_[m] != unknown) return; // posted by its Irecv already
  posted_[m] = s.clock;
  queue_if_ready(m);
}

// The message of an operation, or of its request partner (Isend-complete, Irecv-request).
int ReplayWalk::message_of(const Rank& rank, const Operation& op) const {
  if (op.message != no_index || op.partner == no_index) return op.message;
  return rank.operations[op.partner].message;
}

void ReplayWalk::advance(int r) {
  const Rank& rank = trace_.ranks[r];
  RankState& s = walk_[r];
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
      if (op.kind == OpKind::send || op.kind == OpKind::isend) on_send(r, m);
      if (op.kind == OpKind::recv || op.kind == OpKind::irecv_request ||
          op.kind == OpKind::irecv_complete)
        post_receive(s, m);
      if (completes) {
        const bool sending = op.kind == OpKind::send || op.kind == OpKind::isend_complete;
        s.ending.push_back(sending ? &send_end_[m] : &out_.message_end[m]);
      }
    }
    if (op.kind == OpKind::leave || (completes && op.call == no_index) ||
        (completes && op.native && ends_native_step(rank, static_cast<int>(s.cursor) - 1)))
      s.waiting = !s.ending.empty();
  }
}

} // namespace collscope::model
