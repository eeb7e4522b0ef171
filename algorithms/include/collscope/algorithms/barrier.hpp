// MPI_Barrier implementations on MPI point-to-point; each has MPI_Barrier's exact signature.
// No rank returns before every rank of the communicator has called it.
#pragma once

#include <mpi.h>

namespace collscope {

/// Dissemination: round k sends to rank + 2^k, receives from rank − 2^k: ⌈log₂p⌉ rounds, any p.
int barrier_dissemination(MPI_Comm comm);
/// Binomial gather to rank 0, then binomial broadcast back: 2⌈log₂p⌉ rounds.
int barrier_tree(MPI_Comm comm);
/// Butterfly (recursive doubling); p not a power of two folded: ⌊log₂p⌋ + 2 rounds then.
int barrier_butterfly(MPI_Comm comm);

} // namespace collscope
