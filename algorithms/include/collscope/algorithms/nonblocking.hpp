// Nonblocking collectives (MPI 3.0) as schedules: each has the exact signature of the MPI
// function it implements and returns an MPI_Request that the program completes with MPI_Test
// or MPI_Wait (also MPI_Testall, MPI_Waitall, MPI_Request_free) like MPI's own.
//
// The request is an MPI generalized request (MPI_Grequest_start); its schedule — rounds of
// point-to-point messages — advances whenever the program calls MPI_Test, MPI_Wait, MPI_Testall
// or MPI_Waitall on any request: the library defines those four as PMPI wrappers that first
// progress every pending schedule of the process, then call the next definition (a tracer's,
// or MPI's). collscope::progress() advances the schedules explicitly (a program that
// computes without calling MPI). algorithms/README.md, "Nonblocking collectives", says why.
#pragma once

#include <mpi.h>

namespace collscope {

/// Binomial tree over ranks shifted to the root (bcast binomial's): ⌈log₂p⌉ rounds.
int ibcast_binomial(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                    MPI_Request* request);
/// Butterfly (recursive doubling) on whole vectors, p not a power of two folded; rank order
/// kept (non-commutative operations): ⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋) rounds.
int iallreduce_butterfly(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, MPI_Request* request);
/// Dissemination: ⌈log₂p⌉ rounds of empty messages.
int ibarrier_dissemination(MPI_Comm comm, MPI_Request* request);

/// Advances every pending schedule of this process as far as its messages allow; returns
/// the number still pending. MPI_Test and MPI_Wait call it.
int progress();

} // namespace collscope
