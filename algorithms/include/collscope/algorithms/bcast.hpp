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
/// Pipelined balanced binary tree (heap order), M blocks by the pipelining lemma with s = 2
/// (or the override): ≤ 2⌊log₂p⌋ + 2(M − 1) rounds.
int bcast_binary_pipeline(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/// Pipelined Fibonacci tree (Bruck–Cypher–Ho): i + 2(M − 1) rounds, i the smallest with
/// Fib(i + 3) − 1 ≥ p.
int bcast_fibonacci_pipeline(void* buffer, int count, MPI_Datatype datatype, int root,
                             MPI_Comm comm);
/// Sanders–Speck–Träff two-tree with the lecture's EdgeColor: one block in and one out per
/// round, about M + 2⌈log₂p⌉ rounds.
int bcast_two_tree(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/// Jia's hypercube broadcast with co-operating pairs for any p: M − 1 + ⌈log₂p⌉ rounds.
int bcast_jia(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/// Hierarchical: binomial across the nodes' leaders (C), then binomial inside every node (cᵢ),
/// nodes as nodes.hpp describes them: ⌈log₂N⌉ + max ⌈log₂nᵢ⌉ rounds.
int bcast_hierarchical(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/// Hierarchical with scatter + allgather (Van de Geijn) on both levels instead of binomial
/// trees: 2(N − 1)/N·m bytes per leader between nodes, 2(n − 1)/n·m inside; long messages.
int bcast_hierarchical_scatter_allgather(void* buffer, int count, MPI_Datatype datatype, int root,
                                         MPI_Comm comm);

/// Full-lane: scatter on the root's node, broadcast of the n pieces on the n lanes at once,
/// ring allgatherv inside every node; regular layouts only.
int bcast_full_lane(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);

/// k-nomial tree, k-ported: the k−1 sends of a level posted at once; k = radix() (radix.hpp):
/// ⌈log_k p⌉ rounds.
int bcast_knomial(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);

/// Van de Geijn broadcast: binomial scatter of p near-equal blocks, then recursive-doubling
/// allgather.
int bcast_scatter_allgather(void* buffer, int count, MPI_Datatype datatype, int root,
                            MPI_Comm comm);
/// Binomial scatter, then ring allgather: ⌈log₂p⌉ + p − 1 rounds.
int bcast_scatter_ring(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);

} // namespace collscope
