#include "trace_stats.hpp"

#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/critical_path.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/instances.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/steps.hpp"
#include "collscope/model/waiting.hpp"

#include <algorithm>

namespace collscope::trace_cli {

namespace {

// a + b, or 2^64 − 1 (and `saturated` set) if the sum does not fit.
std::uint64_t add(std::uint64_t a, std::uint64_t b, bool& saturated) {
  std::uint64_t sum = 0;
  if (!__builtin_add_overflow(a, b, &sum)) return sum;
  saturated = true;
  return UINT64_MAX;
}

// model::volume, without a rank's messages to itself: a copy moves nothing between ranks, so
// it is neither a message nor bytes here — as the inferred rounds and the grader count.
void count_bytes(const model::Trace& trace, TraceStats& s) {
  std::uint64_t max_sent = 0, max_received = 0;
  for (const model::Rank& rank : trace.ranks) {
    std::uint64_t sent = 0, received = 0;
    for (const model::Operation& op : rank.operations) {
      const bool send = op.kind == model::OpKind::send || op.kind == model::OpKind::isend;
      const bool recv = op.kind == model::OpKind::recv || op.kind == model::OpKind::irecv_complete;
      if ((!send && !recv) || model::is_self_message(rank, op)) continue;
      (send ? sent : received) = add(send ? sent : received, op.bytes, s.bytes_saturated);
    }
    s.bytes_total = add(s.bytes_total, sent, s.bytes_saturated);
    max_sent = std::max(max_sent, sent);
    max_received = std::max(max_received, received);
  }
  s.bytes_max_per_rank = std::max(max_sent, max_received);
  for (const model::Message& m : trace.messages) {
    if (m.sender != m.receiver && trace.ranks[m.sender].operations[m.send_op].native) {
      ++s.native_messages;
      s.native_bytes = add(s.native_bytes, m.bytes, s.bytes_saturated);
    }
    if (m.sender != m.receiver) continue;
    ++s.self_messages;
    s.self_bytes = add(s.self_bytes, m.bytes, s.bytes_saturated);
  }
  s.messages = trace.messages.size() - s.self_messages;
}

} // namespace

TraceStats compute_stats(const model::Trace& trace, double alpha, double beta) {
  TraceStats s;
  s.ranks = static_cast<int>(trace.ranks.size());
  s.p = model::process_count(trace);
  s.incomplete = trace.incomplete;
  for (const model::Rank& rank : trace.ranks)
    if (!rank.collectives.empty()) s.native_inside = trace.native_inside;
  s.unmatched = trace.unmatched_sends.size() + trace.unmatched_receives.size();
  count_bytes(trace, s);
  const model::InferredRounds inferred = model::inferred_rounds(trace);
  s.rounds_inferred = inferred.rounds;
  s.rounds_consistent = inferred.consistent;
  s.rounds_annotated = model::annotated_rounds(trace).rounds;
  s.critical_path_s = model::critical_path(trace).length;
  s.wait_s_per_rank = model::waiting_times(trace).per_rank;
  s.alpha = alpha;
  s.beta = beta;
  s.replay_alpha_beta_s = model::replay_alpha_beta(trace, {alpha, beta}).total;
  return s;
}

} // namespace collscope::trace_cli
