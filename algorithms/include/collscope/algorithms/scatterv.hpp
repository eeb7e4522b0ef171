// MPI_Scatterv implementations on MPI point-to-point; each has MPI_Scatterv's exact signature.
// As in MPI, sendcounts, displs and sendtype matter at the root only.
#pragma once

#include <mpi.h>

namespace collscope {

/// The root sends every non-empty block in rank order: p − 1 rounds (Open MPI's choice).
int scatterv_linear(const void* sendbuf, const int* sendcounts, const int* displs,
                    MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                    int root, MPI_Comm comm);
/// Block-oblivious pre-order binomial tree; each edge first carries the subtree's block sizes.
int scatterv_binomial(const void* sendbuf, const int* sendcounts, const int* displs,
                      MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                      int root, MPI_Comm comm);
/// Träff's data-aware ordered tree, used top-down.
int scatterv_traff(const void* sendbuf, const int* sendcounts, const int* displs,
                   MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm);
/// The same with Lemma 4's estimate.
int scatterv_traff_lemma4(const void* sendbuf, const int* sendcounts, const int* displs,
                          MPI_Datatype sendtype, void* recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm);
/// The same with graceful degradation at irregular_tuning().threshold bytes.
int scatterv_traff_degrade(const void* sendbuf, const int* sendcounts, const int* displs,
                           MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm);

/// Model-based trees for heterogeneous networks (seeds/002), used top-down.
int scatterv_model_binomial_min(const void* sendbuf, const int* sendcounts, const int* displs,
                                MPI_Datatype sendtype, void* recvbuf, int recvcount,
                                MPI_Datatype recvtype, int root, MPI_Comm comm);
int scatterv_model_binomial_max(const void* sendbuf, const int* sendcounts, const int* displs,
                                MPI_Datatype sendtype, void* recvbuf, int recvcount,
                                MPI_Datatype recvtype, int root, MPI_Comm comm);
int scatterv_model_traff(const void* sendbuf, const int* sendcounts, const int* displs,
                         MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                         int root, MPI_Comm comm);

} // namespace collscope
