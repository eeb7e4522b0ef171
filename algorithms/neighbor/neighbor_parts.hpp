// The shared entry of the neighbourhood algorithms (argument checks, private communicator,
// algorithm region, topology metadata, the no-data case) and the direct exchange, which the
// combining algorithm falls back to.
#pragma once

#include "neighbor/neighbor_topology.hpp"

#include <mpi.h>

namespace collscope::detail {

/// An algorithm's body: `user` is the caller's communicator (its attributes), `comm` the
/// private duplicate the messages travel on.
using NeighborBody = int (*)(bool alltoall, const void* sendbuf, int sendcount,
                             MPI_Datatype sendtype, void* recvbuf, int recvcount,
                             MPI_Datatype recvtype, const Neighbors& lists, MPI_Comm user,
                             MPI_Comm comm);

int neighbor_entry(const char* collective, const char* name, bool alltoall, NeighborBody body,
                   const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm user);

int neighbor_direct(bool alltoall, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                    void* recvbuf, int recvcount, MPI_Datatype recvtype, const Neighbors& lists,
                    MPI_Comm comm);

} // namespace collscope::detail
