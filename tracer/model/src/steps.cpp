#include "collscope/model/steps.hpp"

namespace collscope::model {

bool completes_in_step(OpKind kind) {
  return kind == OpKind::send || kind == OpKind::recv || kind == OpKind::isend_complete ||
         kind == OpKind::irecv_complete;
}

std::vector<std::vector<Step>> steps_of(const Trace& trace) {
  std::vector<std::vector<Step>> steps(trace.ranks.size());
  for (const Rank& rank : trace.ranks) {
    std::vector<Step>& out = steps[rank.id];
    for (int i = 0; i < static_cast<int>(rank.operations.size()); ++i) {
      const Operation& op = rank.operations[i];
      if (!completes_in_step(op.kind)) continue;
      // Calls do not interleave on a rank, so the operations of one call are consecutive.
      if (out.empty() || op.call == no_index || out.back().call != op.call)
        out.push_back({op.call, {}});
      out.back().ops.push_back(i);
    }
  }
  return steps;
}

} // namespace collscope::model
