// A rank's parent in the trees rooted at vrank 0 that the binomial and k-nomial collectives
// walk (bcast, gather, scatter, reduce, gatherv, scatterv): its real rank, the round of the one
// message between the two, and the size of the rank's subtree. Messages go up (gather, reduce:
// bottom level first) or down (bcast, scatter: top level first), which numbers rounds apart.
#pragma once

#include <mpi.h>

namespace collscope::detail {

enum class Toward { root, leaves };

struct TreeParent {
  int rank;    ///< the parent's real rank
  int round;   ///< the round of the message between child and parent
  int child;   ///< the child's real rank
  int subtree; ///< ranks in the child's subtree: vranks v … v + subtree − 1
};

/// Vrank v of the pre-order binomial tree (schedule/binomial.hpp) over p ranks. The root's
/// (v = 0) parent is MPI_PROC_NULL.
TreeParent binomial_parent(int v, int root, int p, Toward toward);
/// Vrank v of the k-nomial tree (schedule/knomial.hpp); the root's parent is MPI_PROC_NULL.
TreeParent knomial_parent(int v, int root, int p, int k, Toward toward);

/// The calling rank's message up: count × type at `data`, annotated as its subtree's blocks of
/// `block` elements each. MPI error code.
int send_to_parent(const TreeParent& parent, const void* data, int count, MPI_Datatype type,
                   int block, int tag, MPI_Comm comm);
/// The calling rank's message down: count × type into `into`. MPI error code.
int receive_from_parent(const TreeParent& parent, void* into, int count, MPI_Datatype type, int tag,
                        MPI_Comm comm);

/// The message down from the calling rank to its child at vrank `child` of the tree rooted at
/// `root` over p ranks, in `round`: count × type at `data`, annotated as the root's whole block
/// (a broadcast's). MPI error code.
int send_to_child(int child, int round, const void* data, int count, MPI_Datatype type, int root,
                  int p, int tag, MPI_Comm comm);

} // namespace collscope::detail
