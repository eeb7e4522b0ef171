// What the pipelined binary-tree and Fibonacci-tree broadcasts (pipelined_tree_bcast.cpp) share:
// everything but the tree (schedule/pipelined_tree.hpp) and its block count. A node forwards each
// block to its first child in the round after it arrived and to its second child one round later,
// so a node receives every second round; the blocks move by run_block_broadcast
// (block_broadcast.hpp).
#pragma once

#include "collscope/schedule/pipelined_tree.hpp"

#include <mpi.h>

namespace collscope::detail {

/// One pipelined-tree broadcast, called as the body of its entry (contract.hpp).
struct PipelinedTreeBcast {
  const char* name;                                           ///< the registry's name
  schedule::Tree (*tree)(int p);                              ///< the tree over vranks
  int (*blocks_for)(int p, int count, MPI_Datatype datatype); ///< M (tuning.hpp)
  int operator()(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) const;
};

} // namespace collscope::detail
