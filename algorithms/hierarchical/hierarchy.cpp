#include "hierarchical/hierarchy.hpp"

#include "common/buffers.hpp"

#include <algorithm>

namespace collscope::detail {

int hierarchy(MPI_Comm comm, int root, Hierarchy& h, LayoutNeeds needs) {
  COLLSCOPE_TRY(node_comms(comm, &h.nodes));
  COLLSCOPE_TRY(leaders_comm(comm, *h.nodes, root, &h.leaders));
  const schedule::NodeLayout& layout = h.nodes->layout;
  h.root_node = root >= 0 ? layout.node_of[static_cast<std::size_t>(root)] : 0;
  h.node_root = 0;
  if (root >= 0 && h.nodes->node == h.root_node) {
    const std::vector<int> members = layout.members(h.root_node);
    h.node_root =
        static_cast<int>(std::find(members.begin(), members.end(), root) - members.begin());
  }
  const std::vector<int> sizes = layout.sizes();
  h.nodes_count = static_cast<int>(sizes.size());
  h.largest_node = *std::max_element(sizes.begin(), sizes.end());
  if (needs.regular) COLLSCOPE_TRY(require_regular(h));
  if (needs.order != MPI_OP_NULL) COLLSCOPE_TRY(require_order(h, needs.order));
  return MPI_SUCCESS;
}

int require_regular(const Hierarchy& h) {
  return h.nodes->layout.regular() ? MPI_SUCCESS : MPI_ERR_ARG;
}

int require_order(const Hierarchy& h, MPI_Op op) {
  int commutative = 1;
  COLLSCOPE_TRY(MPI_Op_commutative(op, &commutative));
  return commutative || h.nodes->layout.rank_ordered() ? MPI_SUCCESS : MPI_ERR_OP;
}

Pieces cut(int count, int parts) {
  Pieces pieces{std::vector<int>(std::size_t(parts)), std::vector<int>(std::size_t(parts))};
  for (int j = 0, first = 0; j < parts; ++j) {
    pieces.counts[std::size_t(j)] = count / parts + (j < count % parts ? 1 : 0);
    pieces.displs[std::size_t(j)] = first;
    first += pieces.counts[std::size_t(j)];
  }
  return pieces;
}

} // namespace collscope::detail
