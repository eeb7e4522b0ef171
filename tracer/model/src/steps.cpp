#include "collscope/model/steps.hpp"

namespace collscope::model {

bool completes_in_step(OpKind kind) {
  return kind == OpKind::send || kind == OpKind::recv || kind == OpKind::isend_complete ||
         kind == OpKind::irecv_complete;
}

bool is_self_message(const Rank& rank, const Operation& op) {
  switch (op.kind) {
  case OpKind::send:
  case OpKind::recv:
  case OpKind::isend:
  case OpKind::irecv_complete:
    return op.peer == rank.id;
  case OpKind::isend_complete:
  case OpKind::irecv_request:
    return op.partner != no_index && rank.operations[op.partner].peer == rank.id;
  default:
    return false;
  }
}

bool joins_step(const Rank& rank, int prev, int i) {
  const Operation& a = rank.operations[prev];
  const Operation& b = rank.operations[i];
  if (a.native != b.native) return false;
  if (!b.native) return b.call != no_index && b.call == a.call;
  for (int k = prev + 1; k < i; ++k)
    if (!completes_in_step(rank.operations[k].kind)) return false;
  if (b.call != a.call) return false;
  // One wait's completions are one step, with the blocking send right before them (an
  // exchange: post a receive, send, wait); any other blocking send or receive of the library
  // is a step of its own (a root's sends after its Waitall each wait for the last).
  const auto completion = [](OpKind k) {
    return k == OpKind::isend_complete || k == OpKind::irecv_complete;
  };
  return completion(b.kind) && (a.kind == OpKind::send || completion(a.kind));
}

bool ends_native_step(const Rank& rank, int i) {
  const auto next = static_cast<std::size_t>(i) + 1;
  return next == rank.operations.size() || !rank.operations[next].native ||
         !completes_in_step(rank.operations[next].kind) ||
         !joins_step(rank, i, static_cast<int>(next));
}

} // namespace collscope::model
