// MPI_Alltoall composed for nodes (seeds/001, "Hierarchical collectives"), with
// MPI_Alltoall's exact signature.
#pragma once

#include <mpi.h>

namespace collscope {

/// Hierarchical: gather inside every node, direct exchange of node-to-node blocks across the
/// node leaders, scatter inside every node: 2⌈log₂n⌉ + N − 1 rounds, any node sizes.
int alltoall_hierarchical(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

} // namespace collscope
