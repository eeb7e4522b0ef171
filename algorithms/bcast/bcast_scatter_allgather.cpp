// Van de Geijn broadcast (seeds/001, "The “Van de Geijn” implementations": "Heavy use of
// Broadcast = Scatter + Allgather observation"; "The power of the hypercube/butterfly:
// Allgather"): the buffer is cut into p near-equal blocks, block b for rank b; a binomial
// scatter (the pre-order tree of scatter binomial, virtual ranks rank − root) hands every rank
// its block, and a recursive-doubling allgather (distance 1, 2, …) completes every buffer.
// For p not a power of two the first p − q pairs fold before the allgather and unfold after
// it (Rabenseifner–Träff, as allreduce rabenseifner). Blocks are cut in bytes of the type
// signature, so ranks whose datatypes differ (equal signatures, as MPI allows) cut alike.
//
//   p = 4, root 0:  scatter  0→2 [2,3]   0→1 [1] 2→3 [3]
//                   allgather 0↔1 1↔0 2↔3 (one block)   0↔2 1↔3 (two blocks)
//
// Rounds: ⌈log₂p⌉ + ⌈log₂p⌉ for p a power of two, else ⌈log₂p⌉ + ⌊log₂p⌋ + 2.
// Cost: 2⌈log₂p⌉α + 2(p − 1)/p·βm for p a power of two (a factor 2 from optimal in β, twice
// the latency of a binomial tree); otherwise at most α + 2βm more (fold and unfold).
#include "collscope/algorithms/bcast.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/block_exchange.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace detail {

int scatter_then_allgather(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                           const char* name, bool ring, Sends scatter) {
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", name, root, count, datatype, comm);
  if (carries_no_data(count, datatype) || p == 1) return MPI_SUCCESS;
  ByteView view(buffer, count, datatype, rank == root);
  COLLSCOPE_TRY(view.status());
  const BlockOffsets blocks = near_equal_blocks(view.size(), p);
  COLLSCOPE_TRY(run_block_exchanges(view.bytes(), blocks, MPI_BYTE,
                                    schedule::binomial_scatter_exchanges(rank, root, p), root,
                                    bcast_tag, comm, scatter));
  const int after = schedule::ceil_log2(p);
  COLLSCOPE_TRY(run_block_exchanges(view.bytes(), blocks, MPI_BYTE,
                                    ring ? schedule::ring_allgather_exchanges(rank, p, after)
                                         : schedule::doubling_allgather_exchanges(rank, p, after),
                                    root, bcast_tag, comm));
  return rank == root ? MPI_SUCCESS : view.finish();
}

COLLSCOPE_ENTRY(bcast, bcast_scatter_allgather_one_at_a_time, [&](auto... mpi_args) {
  return scatter_then_allgather(mpi_args..., "scatter-allgather", false, Sends::one_at_a_time);
})

} // namespace detail

COLLSCOPE_ENTRY(bcast, bcast_scatter_allgather, [&](auto... mpi_args) {
  return detail::scatter_then_allgather(mpi_args..., "scatter-allgather", false);
})

} // namespace collscope
