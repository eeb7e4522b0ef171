// What the binomial and k-nomial gather and scatter trees share below the root: a rank moves its
// whole subtree's blocks, in virtual-rank order and its own first, in one message to or from its
// parent; a leaf's one block goes straight from sendbuf or into recvbuf. The trees differ only
// in how a rank's children are reached.
#pragma once

#include "common/tree_parent.hpp"

#include <functional>
#include <mpi.h>

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

} // namespace collscope::detail
