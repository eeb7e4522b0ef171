// The communicators of the lecture's hierarchical collectives (seeds/001, "Hierarchical
// collectives"), made once per communicator and cached on it as an MPI attribute:
//   cᵢ  the node communicator, the ranks of one node in the order of c;
//   C   the leaders' communicator, one rank per node, node i at rank i. A rooted collective
//       needs the root in C, so the root represents its own node; each such C is kept too;
//   lⱼ  the lane communicator of the full-lane algorithms: the j-th rank of every node
//       (every node that has a j-th rank), node order.
#pragma once

#include "collscope/schedule/node_layout.hpp"

#include <atomic>
#include <map>
#include <mpi.h>
#include <optional>

namespace collscope::detail {

struct NodeComms {
  schedule::NodeLayout layout;
  int node = 0;       ///< this rank's node
  int local_rank = 0; ///< this rank's rank in its node communicator
  MPI_Comm node_comm = MPI_COMM_NULL;
  MPI_Comm lane_comm = MPI_COMM_NULL;
  /// C by the local rank of the rank representing the root's node (0: the default leaders).
  std::map<int, MPI_Comm> leaders_by_root;
  std::string spec; ///< the environment's description the layout was made from ("": shared)
};

/// The node communicators of `comm` (collective on first use, and again when the
/// environment's layout changed). MPI_ERR_ARG when the environment's layout does not fit
/// comm's size.
int node_comms(MPI_Comm comm, NodeComms** out);

/// C with `root`'s node represented by `root` (−1: by each node's first rank); MPI_COMM_NULL on
/// ranks not in it. Collective over the communicator `nodes` was made for.
int leaders_comm(MPI_Comm comm, NodeComms& nodes, int root, MPI_Comm* leaders);

/// Writes the `nodes` and `placement` metadata of the current algorithm region.
void record_layout(const schedule::NodeLayout& layout);

/// The layout the environment gives a communicator of size p, for the metadata of any
/// algorithm; nullopt when none is set or it does not fit p. Read once, and again after each
/// set_node_spec() (which counts layout_generation up).
std::optional<schedule::NodeLayout> environment_layout(int p);
inline std::atomic<unsigned> layout_generation{0};

} // namespace collscope::detail
