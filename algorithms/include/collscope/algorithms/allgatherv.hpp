// MPI_Allgatherv implementations on MPI point-to-point; each has MPI_Allgatherv's exact
// signature. Unlike gatherv, every rank knows every block size (recvcounts), so each computes
// the whole schedule locally, without extra messages.
//
// Messages carry elements of recvtype straight from and into recvbuf, like allgather_ring:
// all ranks must pass the same recvcounts and recvtype (the own block is copied in from any
// sendtype of the same signature).
#pragma once

#include <mpi.h>

namespace collscope {

/// Every rank's whole block travels the ring i → i + 1: p − 1 rounds, each as slow as the
/// largest block, (p − 1)(α + β·max m_i); empty blocks are not sent.
int allgatherv_ring(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    const int* recvcounts, const int* displs, MPI_Datatype recvtype, MPI_Comm comm);
/// Blocks cut into pieces of b elements, pipelined around the ring first in, first out:
/// at most p − 1 + M − 1 rounds with M = Σ⌈m_i/b⌉; b from the pipelining lemma or
/// pipeline_tuning().piece (see tuning.hpp).
int allgatherv_ring_pipelined(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                              void* recvbuf, const int* recvcounts, const int* displs,
                              MPI_Datatype recvtype, MPI_Comm comm);
/// The same with an explicit piece size of `piece` ≥ 1 elements.
int allgatherv_ring_pipelined_piece(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                    void* recvbuf, const int* recvcounts, const int* displs,
                                    MPI_Datatype recvtype, MPI_Comm comm, int piece);

} // namespace collscope
