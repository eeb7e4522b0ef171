// What the hierarchical algorithms refuse, asked before calling one
// (collscope/algorithms/checks.hpp).
#include "collscope/algorithms/checks.hpp"
#include "common/contract.hpp"
#include "hierarchical/hierarchy.hpp"

namespace collscope {

const char* hierarchical_refusal(MPI_Comm comm, int root, bool full_lane, bool rank_order) {
  MPI_Comm own = MPI_COMM_NULL;
  detail::Hierarchy h;
  if (detail::private_comm(comm, &own) != MPI_SUCCESS ||
      detail::hierarchy(own, root, h) != MPI_SUCCESS)
    return "the node layout does not fit the communicator";
  if (full_lane && detail::require_regular(h) != MPI_SUCCESS)
    return "nodes of different sizes (full-lane needs a regular layout)";
  if (rank_order && !h.nodes->layout.rank_ordered())
    return "nodes are not runs of consecutive ranks (rank order needed)";
  return nullptr;
}

} // namespace collscope
