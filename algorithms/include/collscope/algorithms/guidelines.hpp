// The mock-ups of the self-consistent performance guidelines GL1–GL22 (seeds/004, Hunold and
// Carpen-Amarie, §3.1, Table 1 and Appendix A): each implements one MPI collective, with its
// exact signature, by calling other collectives of the MPI library (MPI_Gather + MPI_Bcast for
// MPI_Allgather, …). A guideline "MPI_A(n) ≤ mock-up(n)" is violated when the mock-up is faster
// than the library's own MPI_A. The inner calls are the library's: under libcollscope-tune they
// go to the library, never back to collscope (its reentrancy guard), and the tracer records
// them as native collectives inside the mock-up's algorithm region.
#pragma once

#include <mpi.h>

namespace collscope {

// MPI_Allgather
int allgather_gl1_gather_bcast(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                               void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int allgather_gl2_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                           void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int allgather_gl3_allreduce(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int allgather_gl4_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
// MPI_Allreduce
int allreduce_gl5_reduce_bcast(const void* sendbuf, void* recvbuf, int count,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int allreduce_gl6_reduce_scatter_block_allgather(const void* sendbuf, void* recvbuf, int count,
                                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int allreduce_gl7_reduce_scatter_allgatherv(const void* sendbuf, void* recvbuf, int count,
                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
// MPI_Alltoall
int alltoall_gl8_alltoallv(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                           void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
// MPI_Bcast
int bcast_gl9_allgatherv(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int bcast_gl10_scatter_allgather(void* buffer, int count, MPI_Datatype datatype, int root,
                                 MPI_Comm comm);
// MPI_Gather
int gather_gl11_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                          void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm);
int gather_gl12_gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int gather_gl13_reduce(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
// MPI_Reduce
int reduce_gl14_allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm);
int reduce_gl15_reduce_scatter_block_gather(const void* sendbuf, void* recvbuf, int count,
                                            MPI_Datatype datatype, MPI_Op op, int root,
                                            MPI_Comm comm);
int reduce_gl16_reduce_scatter_gatherv(const void* sendbuf, void* recvbuf, int count,
                                       MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
// MPI_Reduce_scatter_block
int reduce_scatter_block_gl17_reduce_scatter(const void* sendbuf, void* recvbuf, int recvcount,
                                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int reduce_scatter_block_gl18_reduce_scatter(const void* sendbuf, void* recvbuf, int recvcount,
                                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int reduce_scatter_block_gl19_allreduce(const void* sendbuf, void* recvbuf, int recvcount,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
// MPI_Scan
int scan_gl20_exscan_reduce_local(const void* sendbuf, void* recvbuf, int count,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
// MPI_Scatter
int scatter_gl21_bcast(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int scatter_gl22_scatterv(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                          void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm);

/// How many calls a mock-up handed to the library's own collective because its buffers would
/// need more than INT_MAX elements or bytes in one MPI call (the collective is still right).
long long mockup_fallbacks();

} // namespace collscope
