// MPI_Scan and MPI_Exscan by the lecture's algorithms (seeds/001); each file's header gives
// its rounds, cost and source. All keep the operands in rank order, so they are correct for
// non-commutative operations.
#pragma once

#include <mpi.h>

namespace collscope {

int scan_hillis_steele(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, MPI_Comm comm);
int exscan_hillis_steele(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm);
int scan_binomial_updown(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm);
int exscan_binomial_updown(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, MPI_Comm comm);
/// The pipelines cut the vector into M blocks: --blocks or the pipelining lemma
/// (pipeline_blocks_for in collscope/algorithms/tuning.hpp).
int scan_pipeline(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm);
int exscan_pipeline(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm);

/// Hierarchical: reduce inside the nodes, exscan across leaders, scan inside the nodes;
/// nodes must be runs of consecutive ranks (MPI_ERR_ARG otherwise).
int scan_hierarchical(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm);

} // namespace collscope
