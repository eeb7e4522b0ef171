// The node layout the hierarchical and full-lane algorithms use. Their MPI signatures leave no
// room for it, so it is a process-wide setting, read from the environment (the same on every
// rank, as mpirun passes the environment to all of them; within a process, change it with
// set_node_spec, which the trace metadata of every algorithm notices):
//
//   COLLSCOPE_NODES=3,3,2            explicit node sizes, filled in rank order (must sum to p)
//   COLLSCOPE_RANKS_PER_NODE=4       n ranks per node, the last node holding the rest
//   COLLSCOPE_PLACEMENT=round-robin  with RANKS_PER_NODE: rank r on node r mod ⌈p/n⌉
//                                    (default consecutive: rank r on node ⌊r/n⌋)
//
// Without them the nodes are the real ones, MPI_Comm_split_type(MPI_COMM_TYPE_SHARED).
// collscope-run's --nodes, --ranks-per-node and --placement set these variables.
#pragma once

#include "collscope/schedule/node_layout.hpp"

#include <mpi.h>
#include <optional>
#include <string>

namespace collscope {

/// The layout described by the environment, nullopt when none is set; `error` names a
/// malformed variable (then nullopt as well).
std::optional<schedule::NodeSpec> node_spec_from_environment(std::string& error);

/// Sets (or, with nullopt, clears) the environment variables above in this process.
void set_node_spec(const std::optional<schedule::NodeSpec>& spec);

/// Makes `comm`'s node, lane and leaders' communicators now (collective over `comm`), as
/// prepare_communicator does for the private duplicate, so that a trace of the first call
/// shows the algorithm only. `root` picks the leaders' communicator of rooted collectives.
int prepare_node_communicators(MPI_Comm comm, int root);

} // namespace collscope
