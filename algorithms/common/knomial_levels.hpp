// How the k-ported k-nomial collectives (bcast, scatter, gather, reduce) reach a rank's children:
// level by level, all messages of a level in flight at once and completed by one MPI_Waitall,
// each level one round (schedule/knomial.hpp). Toward the root (gather, reduce) the bottom level
// goes first; toward the leaves (bcast, scatter) the top level.
#pragma once

#include "collscope/schedule/knomial.hpp"
#include "common/tree_parent.hpp"

#include <cstddef>
#include <functional>
#include <mpi.h>

namespace collscope::detail {

/// Child c of a level (c < k − 1) and its edge from vrank v.
using LevelChild = std::function<int(std::size_t c, const schedule::TreeEdge& child)>;
using LevelStart =
    std::function<int(std::size_t c, const schedule::TreeEdge& child, MPI_Request* request)>;

/// For each level of v's children, in its round: `start` posts each child's message, one
/// MPI_Waitall completes them, then `finish` (if given) runs for each child. MPI error code.
int each_knomial_level(int v, int p, int k, Toward toward, const LevelStart& start,
                       const LevelChild& finish = {});

} // namespace collscope::detail
