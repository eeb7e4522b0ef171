// Algorithm instances: which annotated regions of different ranks belong to one run of an
// algorithm.
#pragma once

#include "collscope/model/trace.hpp"

namespace collscope::model {

/// The n-th outermost `algorithm …` region of every rank forms instance n (collectives are
/// called in the same order on all ranks of a communicator). Phase and round regions, and
/// nested algorithm regions, belong to the instance of their enclosing outermost algorithm
/// region. Rebuilds Trace::algorithms and Region::instance.
void assign_instances(Trace& trace);

} // namespace collscope::model
