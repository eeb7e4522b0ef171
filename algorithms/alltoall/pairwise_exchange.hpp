// The direct and one-factor all-to-alls, of alltoall and alltoallv alike, are one loop over
// a schedule of pairs: the own block is copied locally, then in each round a rank sends one
// block and receives one as a single MPI_Sendrecv (swap_blocks, alltoall_parts.hpp). Only
// the schedule of pairs (collscope/schedule/alltoall.hpp) and the block layout differ.
#pragma once

#include "collscope/schedule/alltoall.hpp"

#include <mpi.h>

namespace collscope::detail {

struct PairSchedule {
  const char* name;     ///< the algorithm's registry name, for its trace region
  int (*rounds)(int p); ///< how many rounds
  /// Round r's partners of `rank`; both negative: the rank idles that round.
  schedule::PairStep (*step)(int rank, int p, int r);
};

/// Round r: send to rank + r + 1, receive from rank − r − 1: p − 1 rounds.
extern const PairSchedule direct_pairs;
/// The 1-factorization's matchings: p − 1 rounds for even p, p for odd (one rank idles).
extern const PairSchedule one_factor_pairs;

/// MPI_Alltoall by `pairs` (MPI_IN_PLACE allowed; nothing sent when the blocks are empty).
int pairwise_alltoall(const PairSchedule& pairs, const void* sendbuf, int sendcount,
                      MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                      MPI_Comm comm);
/// MPI_Alltoallv by `pairs`: each block from and into its own displacement; a pair whose block
/// is empty skips that half of the round (both know the size, as MPI requires).
int pairwise_alltoallv(const PairSchedule& pairs, const void* sendbuf, const int* sendcounts,
                       const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
                       const int* recvcounts, const int* rdispls, MPI_Datatype recvtype,
                       MPI_Comm comm);

} // namespace collscope::detail
