// A rank of a reduction tree rooted at vrank 0, shared by the binomial and the k-nomial reduce,
// which differ only in how the children's sums arrive: every rank accumulates the sum of its
// subtree, the root straight in the receive buffer, every other rank in a buffer of its own,
// starting from its own input (which a root that passed MPI_IN_PLACE already holds in the
// receive buffer).
#pragma once

#include "common/tree_parent.hpp"

#include <functional>
#include <mpi.h>

namespace collscope::detail {

/// A leaf sends its input to its parent; any other rank sums its own input and, through
/// `add_children(sum)`, its children's subtree sums, and sends the sum up unless it is the
/// root. MPI error code.
int reduce_subtree(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                   const TreeParent& parent, MPI_Comm comm,
                   const std::function<int(void* sum)>& add_children);

} // namespace collscope::detail
