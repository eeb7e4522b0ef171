// Scatter-dest alltoall, MPICH's throttled algorithm (MPIR_Alltoall_intra_scattered): the
// linear algorithm's requests posted at most b rounds at a time (b receives, b sends, one
// MPI_Waitall per batch), b = MPICH's default throttle 32 or --blocks B, so a rank never has
// more than b messages in flight each way (seeds/001, "Direct alltoall, fully-connected
// network"; the lecture's bandwidth/latency trade-off of all-to-all).
//
//   p = 6, b = 2, rank 0:   batch 0: Irecv ← 5, ← 4  Isend → 1, → 2  Waitall
//                           batch 1: Irecv ← 3, ← 2  Isend → 3, → 4  Waitall
//                           batch 2: Irecv ← 1       Isend → 5       Waitall
//
// Rounds (1-ported, as annotated): p − 1; the trace's dependency depth is ⌈(p − 1)/b⌉.
// Cost: (p − 1)(α + βm/p), m the data a rank sends.
#include "alltoall/alltoall_posted.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/posted_alltoall.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

int alltoall_throttle_for(int, int, MPI_Datatype) {
  const int blocks = pipeline_tuning().blocks;
  return blocks > 0 ? blocks : schedule::scatter_dest_default_batch;
}

COLLSCOPE_ENTRY(alltoall, alltoall_scatter_dest, [&](auto... mpi_args) {
  return detail::posted_alltoall("scatter-dest", alltoall_throttle_for(0, 0, recvtype),
                                 mpi_args...);
})

} // namespace collscope
