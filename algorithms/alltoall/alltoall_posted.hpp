// The all-to-all of nonblocking requests that Open MPI's basic linear and MPICH's scatter-dest
// algorithms both are (collscope/schedule/posted_alltoall.hpp): the direct algorithm's pairs,
// posted `batch` rounds at a time (receives first, then sends, then one MPI_Waitall).
#pragma once

#include <mpi.h>

namespace collscope::detail {

/// Runs under the region "algorithm alltoall/<name>"; batch ≥ p − 1 posts every request at
/// once. Each send is annotated with its direct round, so the trace shows the 1-ported order.
int posted_alltoall(const char* name, int batch, const void* sendbuf, int sendcount,
                    MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                    MPI_Comm comm);

} // namespace collscope::detail
