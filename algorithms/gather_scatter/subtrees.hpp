// What the binomial and k-nomial gather and scatter trees share below the root: a rank moves its
// whole subtree's blocks, in virtual-rank order and its own first, in one message to or from its
// parent; a leaf's one block goes straight from sendbuf or into recvbuf. The trees differ only
// in how a rank's children are reached.
#pragma once

#include "common/tree_parent.hpp"

#include <functional>
#include <mpi.h>
#include <type_traits>

namespace collscope::detail {

/// Gather on a non-root rank: its block, and with `receive_children(blocks)` its children's
/// subtrees behind it, sent up in one message. MPI error code.
int gather_subtree(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                   const TreeParent& parent, MPI_Comm comm,
                   const std::function<int(void* blocks)>& receive_children);

/// Scatter on a non-root rank: its subtree's blocks received in one message, the children's
/// passed on with `send_children(blocks)`, its own kept. MPI error code.
int scatter_subtree(void* recvbuf, int recvcount, MPI_Datatype recvtype, const TreeParent& parent,
                    MPI_Comm comm, const std::function<int(const void* blocks)>& send_children);

/// Where a rank stands in a gather or scatter tree: virtual rank v (the root's is 0) of p, the
/// root's real rank, the tree's radix (0: binomial) and the private communicator.
struct SubtreeRank {
  int v, p, root, radix;
  MPI_Comm comm;
};

/// A whole binomial or k-nomial gather (toward the root) or scatter (toward the leaves), called
/// as MPI_Gather or MPI_Scatter on the private communicator: the algorithm's region, then at the
/// root its own block kept and its children's subtrees moved by `children`, below it the
/// subtree moved with its parent (gather_subtree, scatter_subtree). The four trees differ only
/// in `children` and the radix.
template <Toward toward> struct SubtreeTree {
  /// A gather's children write into the blocks, a scatter's read them.
  using Blocks = std::conditional_t<toward == Toward::root, void*, const void*>;
  /// Moves the subtrees of `at.v`'s children (count × type per rank) into or out of `blocks`:
  /// v's subtree in virtual-rank order, the root's in real-rank order (the user's buffer).
  using Children = int (*)(Blocks blocks, int count, MPI_Datatype type, const SubtreeRank& at);

  const char* algorithm;
  bool knomial; ///< the k-nomial tree of radix() (recorded in the trace), else the binomial one
  Children children;

  int operator()(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) const;
};

extern template struct SubtreeTree<Toward::root>;
extern template struct SubtreeTree<Toward::leaves>;
using GatherTree = SubtreeTree<Toward::root>;
using ScatterTree = SubtreeTree<Toward::leaves>;

} // namespace collscope::detail
