// MPI_Bcast implementations on MPI point-to-point; each has MPI_Bcast's exact signature.
#pragma once

#include <mpi.h>

namespace collscope {

/// The root sends the whole buffer to every other rank in turn: p − 1 rounds.
int bcast_linear(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/// Pre-order binomial tree: the root first finds its largest subtree (harmful algorithmic
/// latency), then sends to subtrees of decreasing size: ⌈log₂p⌉ rounds.
int bcast_binomial_preorder(void* buffer, int count, MPI_Datatype datatype, int root,
                            MPI_Comm comm);
/// Bit-reversed binomial tree: in round k ranks below 2^k send to rank + 2^k, each rank
/// starts after O(k) work: ⌈log₂p⌉ rounds.
int bcast_binomial(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/// Linear-array pipeline with M blocks from the pipelining lemma (or the process-wide
/// override, see tuning.hpp): p − 1 + M − 1 rounds.
int bcast_pipeline(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/// The same pipeline with an explicit block count M ≥ 1 (clamped to count).
int bcast_pipeline_blocks(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                          int blocks);

} // namespace collscope
