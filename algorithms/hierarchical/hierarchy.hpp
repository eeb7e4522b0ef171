// What every hierarchical and full-lane algorithm does first: find the node, lane and
// leaders' communicators of the (private) communicator, and the few numbers the lecture's
// compositions need (seeds/001, "Hierarchical collectives").
#pragma once

#include "common/node_comms.hpp"

#include <mpi.h>
#include <vector>

namespace collscope::detail {

struct Hierarchy {
  NodeComms* nodes = nullptr;
  MPI_Comm leaders = MPI_COMM_NULL; ///< C; MPI_COMM_NULL on ranks that do not represent a node
  int root_node = 0;                ///< the root's node (0 without a root)
  int node_root = 0;                ///< the rank in this rank's node communicator that joins C
  int nodes_count = 1;              ///< N
  int largest_node = 1;             ///< max nᵢ
};

/// What an algorithm needs of the layout beyond fitting the communicator.
struct LayoutNeeds {
  bool regular = false;       ///< nᵢ = n on every node (require_regular)
  MPI_Op order = MPI_OP_NULL; ///< rank order kept for this operator (require_order); none
};

/// Sets up `h` for a call on `comm` with `root` (−1: rootless), then checks `needs`. MPI error
/// code; MPI_ERR_ARG when the environment's layout does not fit comm's size.
int hierarchy(MPI_Comm comm, int root, Hierarchy& h, LayoutNeeds needs = {});

/// The full-lane algorithms need nᵢ = n on every node (the lecture's "regular communicator"):
/// MPI_ERR_ARG otherwise, on every rank alike.
int require_regular(const Hierarchy& h);

/// Reductions across nodes keep rank order only when each node is one run of consecutive
/// ranks: MPI_ERR_OP for a non-commutative `op` on any other layout, on every rank alike.
int require_order(const Hierarchy& h, MPI_Op op);

/// A vector of `count` elements cut into `parts` nearly equal pieces (the first count mod parts
/// one element longer), as the full-lane algorithms give one piece to each lane.
struct Pieces {
  std::vector<int> counts, displs;
};
Pieces cut(int count, int parts);

} // namespace collscope::detail
