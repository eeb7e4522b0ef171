// Rounds as the algorithms annotated them (`round k` regions, tracer/README.md).
#pragma once

#include "collscope/model/trace.hpp"

#include <vector>

namespace collscope::model {

struct AnnotatedRounds {
  /// The rounds of one collective call: the largest per_instance value (or the count of
  /// distinct rounds outside any algorithm region, if larger); 0 without annotations.
  int rounds = 0;
  std::vector<int> per_instance; ///< distinct k of `round k` regions, per Trace::algorithms
  int outside_instances = 0;     ///< distinct k of `round k` regions in no algorithm region
  /// Per message: k of the innermost `round k` region enclosing its send, or no_index.
  std::vector<int> message_round;
};

AnnotatedRounds annotated_rounds(const Trace& trace);

} // namespace collscope::model
