// --algorithm auto on collscope-run's command line: the chooser (collscope/algorithms/
// choose.hpp) for this run's collective, p, count, datatype, op and root, with the α-β of
// --alpha/--beta (scripts/simulate passes its platform's) and the node layout of --nodes.
#pragma once

#include "node_options.hpp"
#include "options.hpp"

namespace collscope::run {

/// Replaces o.algorithm by the chosen one, sets its block count (unless --blocks was given)
/// and o.auto_choice, the line the report prints. Returns the one-line reason auto cannot
/// choose, or "".
std::string apply_auto(Options& o, int p, bool blocks_given, const NodeOptionText& nodes);

} // namespace collscope::run
