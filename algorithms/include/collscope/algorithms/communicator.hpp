// The algorithms never send on the user's communicator: each user communicator gets one
// private duplicate, made on first use and cached on it as an MPI attribute, freed with it.
// A user's MPI_ANY_TAG (or MPI_ANY_SOURCE) receive pending during a collective can therefore
// never match the collective's messages, whatever tags either side uses.
#pragma once

#include <mpi.h>

namespace collscope {

/// Makes the private duplicate of `comm` now (collective over `comm`, like MPI_Comm_dup)
/// instead of inside the first algorithm call, e.g. so that a trace of the first call shows
/// the algorithm only. Optional; returns an MPI error code.
int prepare_communicator(MPI_Comm comm);

} // namespace collscope
