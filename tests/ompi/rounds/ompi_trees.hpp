// The trees of Open MPI 4.1.4's ompi/mca/coll/base/coll_base_topo.c, rank by rank: the parent
// (-1 at the root) and the children in the order the collectives walk tree_next[].
#pragma once

#include <vector>

namespace collscope::ompi_rounds {

struct TreeNode {
  int parent = -1;
  std::vector<int> children;
};
using Tree = std::vector<TreeNode>; // indexed by rank

Tree build_tree(int fanout, int p, int root);  // ompi_coll_base_topo_build_tree
Tree build_in_order_bintree(int p);            // ompi_coll_base_topo_build_in_order_bintree
Tree build_bmtree(int p, int root);            // ompi_coll_base_topo_build_bmtree
Tree build_in_order_bmtree(int p, int root);   // ompi_coll_base_topo_build_in_order_bmtree
Tree build_kmtree(int p, int root, int radix); // ompi_coll_base_topo_build_kmtree
Tree build_chain(int fanout, int p, int root); // ompi_coll_base_topo_build_chain

} // namespace collscope::ompi_rounds
