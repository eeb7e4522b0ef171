// The hierarchical compositions of the lecture's "Hierarchical collectives" as one shape each,
// with the flat algorithm of each level a parameter: bcast across the node leaders C (the
// root leads its own node), then inside every node cᵢ from the rank that joined C; reduce
// inside every node first, then across the leaders to the root. bcast_hierarchical and
// reduce_hierarchical run binomial / rank-ordered trees on both levels, the -scatter-allgather
// and -scatter-gather variants Van de Geijn's bcast and Rabenseifner's reduce.
#pragma once

#include <mpi.h>

namespace collscope::detail {

using BcastLevel = int (*)(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
using ReduceLevel = int (*)(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                            MPI_Op op, int root, MPI_Comm comm);

struct BcastLevels {
  const char* name;         ///< the registry name, for the trace's region
  BcastLevel leaders;       ///< the flat algorithm run across the leaders
  BcastLevel nodes;         ///< the same algorithm inside every node (it may post its sends
                            ///< differently: the leaders' level sends on the nodes' links)
  int (*rounds)(int ranks); ///< its rounds on that many ranks (the nodes' rounds start after)
};

struct ReduceLevels {
  const char* name;
  ReduceLevel level;
  int (*rounds)(int ranks); ///< the rounds inside the largest node (the leaders' start after)
  bool rank_ordered;        ///< keeps rank order: non-commutative ops on consecutive nodes
};

/// The whole algorithm entry, as MPI_Bcast / MPI_Reduce on the user's communicator: the entry
/// checks (guarded_bcast, guarded_reduce), then the two levels on the private duplicate. Each
/// hierarchical algorithm is one call of these with its levels. MPI error code.
int bcast_by_levels(const BcastLevels& levels, void* buffer, int count, MPI_Datatype datatype,
                    int root, MPI_Comm user_comm);
int reduce_by_levels(const ReduceLevels& levels, const void* sendbuf, void* recvbuf, int count,
                     MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm user_comm);

} // namespace collscope::detail
