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

bool crosses(const Trace& trace, const Operation& send, const Operation& recv) {
  if (send.kind != OpKind::send || recv.kind != OpKind::recv || send.collective == no_index ||
      recv.collective == no_index || send.message == no_index || recv.message == no_index)
    return false;
  return trace.messages[recv.message].send_time < trace.messages[send.message].recv_time;
}

} // namespace collscope::model
