// One-ported rounds from the order of events (inferred_rounds.hpp, "one-ported rule"): for code
// collscope did not write — native collectives, point-to-point phases — where no annotation says
// what a round is and the clock must not decide it. The placement itself is the schedule's
// (collscope/schedule/one_ported.hpp), which the patterns use too.
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/steps.hpp"
#include "collscope/schedule/one_ported.hpp"

#include <algorithm>
#include <vector>

namespace collscope::model {

InferredRounds one_ported_rounds(const Trace& trace) {
  // Each rank's sends (as posted) and receives (as completed), in program order; messages to
  // oneself are local copies and take no round.
  std::vector<std::vector<schedule::PortEvent>> events(trace.ranks.size());
  for (const Rank& rank : trace.ranks) {
    auto& list = events[static_cast<std::size_t>(rank.id)];
    for (const Operation& op : rank.operations) {
      if (op.message == no_index || is_self_message(rank, op)) continue;
      if (op.kind == OpKind::send || op.kind == OpKind::isend)
        list.push_back({op.message, true});
      else if (op.kind == OpKind::recv || op.kind == OpKind::irecv_complete)
        list.push_back({op.message, false});
    }
  }
  const schedule::OnePorted placed =
      schedule::one_ported_rounds(events, static_cast<int>(trace.messages.size()));

  InferredRounds out;
  out.rounds = placed.rounds;
  out.message_round.resize(trace.messages.size());
  bool all = true;
  for (std::size_t m = 0; m < trace.messages.size(); ++m) {
    const Message& message = trace.messages[m];
    const bool self = message.sender == message.receiver;
    out.message_round[m] = self || placed.round[m] < 0 ? no_index : placed.round[m];
    all = all && (self || placed.round[m] >= 0);
  }
  out.consistent = all; // a message left unplaced lies on a cycle no real run has

  out.step.resize(trace.ranks.size());
  for (const Rank& rank : trace.ranks) {
    auto& steps = out.step[static_cast<std::size_t>(rank.id)];
    steps.assign(rank.operations.size(), no_index);
    for (std::size_t i = 0; i < rank.operations.size(); ++i) {
      const Operation& op = rank.operations[i];
      int message = op.message;
      if (message == no_index && op.kind == OpKind::isend_complete && op.partner != no_index)
        message = rank.operations[static_cast<std::size_t>(op.partner)].message;
      if (message == no_index || is_self_message(rank, op) || op.kind == OpKind::irecv_request)
        continue;
      steps[i] = out.message_round[static_cast<std::size_t>(message)];
    }
  }
  return out;
}

} // namespace collscope::model
