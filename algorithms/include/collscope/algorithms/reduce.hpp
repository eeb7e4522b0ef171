// MPI_Reduce implementations on MPI point-to-point; each has MPI_Reduce's exact signature.
#pragma once

#include <mpi.h>

namespace collscope {

/// Binomial tree over ranks shifted towards the root: ⌈log₂p⌉ rounds. The shift reorders
/// operands, so it is for commutative operations only; with a non-commutative op it returns
/// MPI_ERR_OP on every rank without communicating.
int reduce_binomial(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    int root, MPI_Comm comm);
/// Divide-and-conquer over contiguous rank ranges, combining lower ranks on the left:
/// x₀ ⊕ x₁ ⊕ … ⊕ x_{p−1} in rank order, correct for non-commutative ops: ⌈log₂p⌉ rounds.
int reduce_ordered(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                   int root, MPI_Comm comm);
/// Two-tree reduction (the two-tree broadcast backwards) over ranks in order, so correct for
/// non-commutative ops: the two-tree broadcast's rounds, +1 when root ≠ 0.
int reduce_two_tree(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    int root, MPI_Comm comm);

/// Hierarchical: rank-ordered reduction inside every node, then across the node leaders.
int reduce_hierarchical(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, int root, MPI_Comm comm);
/// Hierarchical with reduce-scatter + gather (Rabenseifner) on both levels instead of trees:
/// inside every node to its leader, then across the leaders; commutative operators only.
int reduce_hierarchical_scatter_gather(const void* sendbuf, void* recvbuf, int count,
                                       MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
/// Full-lane: reduce-scatter inside the nodes, reduction of each piece on its lane, gather on
/// the root's node; regular layouts only.
int reduce_full_lane(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                     MPI_Op op, int root, MPI_Comm comm);

/// k-nomial tree, k-ported: the k−1 receives of a level posted at once; k = radix()
/// (radix.hpp): ⌈log_k p⌉ rounds; commutative operations only.
int reduce_knomial(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                   int root, MPI_Comm comm);
/// In-order binary tree topped by the root: every subtree a contiguous rank range, so rank
/// order is kept (non-commutative ops), any root, at most 2⌈log₂p⌉ rounds.
int reduce_inorder_binary(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm);

/// The Van de Geijn family's reduce: Rabenseifner's reduce: reduce-scatter by recursive halving,
/// then binomial gather to the root (commutative operations only: MPI_ERR_OP otherwise, before any
/// message).
int reduce_scatter_gather(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm);

} // namespace collscope
