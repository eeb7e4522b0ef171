// --algorithm auto on collscope-run's command line: the chooser (collscope/algorithms/
// choose.hpp) for this run's collective, p, count, datatype, op and root, with the α-β of
// --alpha/--beta (scripts/simulate passes its platform's), the node layout of --nodes (or the
// environment's), LogGP's o and g of the network file, and the platform scripts/simulate
// describes in COLLSCOPE_COST_MODEL (choose.hpp).
#pragma once

#include "collscope/algorithms/choose.hpp"
#include "node_options.hpp"
#include "options.hpp"

namespace collscope::run {

/// The chooser's model of this run's platform: α and β as given, LogGP's o and g of the network
/// file (collscope-calibrate; α taken from the file is its ping-pong's, which includes 2o, so
/// LogGP's L = α − 2o is kept), COLLSCOPE_COST_MODEL (scripts/simulate) and the node layout.
/// Returns "" or the one-line error (an unreadable network file, a malformed variable).
std::string platform_model(double alpha, double beta, bool alpha_from_network,
                           const std::optional<schedule::NodeLayout>& layout, CostModel& model);

/// Replaces o.algorithm by the chosen one, sets its block count (unless --blocks was given)
/// and o.auto_choice, the line the report prints. Returns the one-line reason auto cannot
/// choose, or "".
std::string apply_auto(Options& o, int p, bool blocks_given, const NodeOptionText& nodes);

} // namespace collscope::run
