// MPI_Neighbor_allgather and MPI_Neighbor_alltoall on MPI point-to-point, with the MPI
// functions' signatures, on Cartesian (MPI_Cart_create), distributed-graph
// (MPI_Dist_graph_create_adjacent) and graph topologies; block i of the receive buffer comes
// from the i-th source, send block j (alltoall) goes to the j-th destination, as in MPI.
#pragma once

#include <mpi.h>

namespace collscope {

/// Every neighbour at once: all receives and sends posted (Irecv/Isend), then one Waitall.
/// One round; s messages of one block leave each rank (s = out-degree).
int neighbor_allgather_direct(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                              void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int neighbor_alltoall_direct(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

/// Dimension-wise message combining (collscope/schedule/stencil.hpp): d rounds, two messages
/// per round, to r ± eₖ; the 9-point stencil's corners are forwarded by the edge neighbours.
/// Runs on Cartesian communicators and on stencil graphs made by stencil_graph_create; on any
/// other topology it runs the direct algorithm instead, counts it
/// (neighbor_combining_fallbacks) and records `fallback` in the trace's algorithm metadata.
int neighbor_allgather_combining(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                 MPI_Comm comm);
int neighbor_alltoall_combining(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

/// The 2-D 5- or 9-point stencil on a periodic dims[0] × dims[1] torus (dims[0]·dims[1] must
/// be comm's size) as a distributed graph, ranks not reordered; the stencil is remembered on
/// the new communicator (an attribute), so the combining algorithms recognise it. Collective;
/// MPI_ERR_ARG for other points or dims. Neighbour order: schedule::stencil_neighborhood.
int stencil_graph_create(MPI_Comm comm, int points, const int dims[2], MPI_Comm* graph);

/// How many combining calls of this process ran the direct algorithm instead.
long long neighbor_combining_fallbacks();

} // namespace collscope
