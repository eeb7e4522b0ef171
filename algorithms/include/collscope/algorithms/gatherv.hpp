// MPI_Gatherv implementations on MPI point-to-point; each has MPI_Gatherv's exact signature.
// As in MPI, recvcounts, displs and recvtype matter at the root only: no other rank knows any
// block size but its own.
#pragma once

#include <mpi.h>

namespace collscope {

/// The root receives every non-empty block in rank order: p − 1 rounds (Open MPI's choice).
int gatherv_linear(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                   MPI_Comm comm);
/// Block-oblivious pre-order binomial tree over ranks shifted to the root: ⌈log₂p⌉ rounds,
/// but a block may travel ⌈log₂p⌉ times.
int gatherv_binomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                     const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                     MPI_Comm comm);
/// Träff's data-aware ordered tree (Lemmas 1–3): 2⌈log₂p⌉ constant-size rounds build it, then
/// ⌈log₂p⌉α + β·Σ_{i≠r} m_i plus Theorem 1's penalty.
int gatherv_traff(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                  MPI_Comm comm);
/// The same with Lemma 4's estimate (copying the own block counts).
int gatherv_traff_lemma4(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                         const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                         MPI_Comm comm);
/// The same with graceful degradation at irregular_tuning().threshold bytes.
int gatherv_traff_degrade(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                          MPI_Comm comm);

/// Model-based trees for heterogeneous networks (seeds/002), predicted with
/// irregular_tuning().network at the root: binomial with minimum-first or maximum-first
/// mapping, and the modified Träff tree.
int gatherv_model_binomial_min(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                               void* recvbuf, const int* recvcounts, const int* displs,
                               MPI_Datatype recvtype, int root, MPI_Comm comm);
int gatherv_model_binomial_max(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                               void* recvbuf, const int* recvcounts, const int* displs,
                               MPI_Datatype recvtype, int root, MPI_Comm comm);
int gatherv_model_traff(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                        MPI_Comm comm);

} // namespace collscope
