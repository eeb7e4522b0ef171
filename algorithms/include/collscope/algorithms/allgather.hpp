// MPI_Allgather implementations on MPI point-to-point; each has MPI_Allgather's signature.
#pragma once

#include <mpi.h>

namespace collscope {

/// Every rank passes blocks to its right neighbour: p − 1 rounds.
int allgather_ring(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/// Dissemination (Bruck) on the circulant graph i → i + 2^k: ⌈log₂p⌉ rounds; blocks are
/// received straight into their rank-order place, wrapped ranges as one derived datatype.
int allgather_dissemination(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

/// Hierarchical: gather inside the nodes, allgatherv of node blocks across leaders, broadcast
/// inside the nodes; any node sizes.
int allgather_hierarchical(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/// Full-lane: allgather on every lane, then inside every node; regular layouts only.
int allgather_full_lane(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

/// The Van de Geijn family's Recursive-doubling (butterfly) allgather: ⌈log₂p⌉ rounds for p a power
/// of two, else ⌊log₂p⌋ + 2 (the fold of Rabenseifner–Träff).
int allgather_recursive_doubling(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                 MPI_Comm comm);

} // namespace collscope
