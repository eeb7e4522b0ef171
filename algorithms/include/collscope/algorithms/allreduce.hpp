// MPI_Allreduce by the lecture's algorithms (seeds/001); each file's header gives its rounds,
// cost and source.
#pragma once

#include <mpi.h>

namespace collscope {

int allreduce_reduce_bcast(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, MPI_Comm comm);
int allreduce_butterfly(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm);
int allreduce_ring(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                   MPI_Comm comm);
int allreduce_circulant(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm);
int allreduce_rabenseifner(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, MPI_Comm comm);
int allreduce_tree_pipeline(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm);

/// Hierarchical: reduce inside the nodes, butterfly across leaders, broadcast inside nodes.
int allreduce_hierarchical(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, MPI_Comm comm);
/// Full-lane: reduce-scatter inside the nodes, allreduce of each piece on its lane, allgather
/// inside the nodes; regular layouts only.
int allreduce_full_lane(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm);

/// Doubly pipelined, dual root: reduction up and broadcast down two in-order binary trees at
/// once (one exchange per neighbour and block); rank order kept, identical bits on every rank.
int allreduce_doubly_pipelined(const void* sendbuf, void* recvbuf, int count,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

} // namespace collscope
