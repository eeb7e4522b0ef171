// Reading a Shape (shape.hpp) from a graded case's sub-trace.
#pragma once

#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/trace.hpp"
#include "shape.hpp"

namespace collscope::grade {

/// The shape of a case's sub-trace (its operations only, messages to oneself left out) with
/// its inferred rounds; `p` the ranks that entered the case's region.
Shape trace_shape(const model::Trace& sub, const model::InferredRounds& rounds, int p);

} // namespace collscope::grade
