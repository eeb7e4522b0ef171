// One rank's buffers for a run: sized for the collective, filled with deterministic input
// and a sentinel everywhere the collective must not write, and the call that uses them.
#pragma once

#include "mpi_types.hpp"
#include "options.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace collscope::run {

/// Fills memory the collective must not write: receive buffers before the call, the gaps of
/// the vector datatype, and a guard zone of one element behind every buffer.
inline constexpr int sentinel = -999;

struct Buffers {
  std::vector<std::byte> send; ///< empty for bcast; includes the guard zone
  std::vector<std::byte> recv; ///< the bcast buffer for bcast; includes the guard zone
  std::int64_t send_bytes = 0; ///< without the guard zone
  std::int64_t recv_bytes = 0;
  std::vector<int> counts; ///< gatherv, scatterv, allgatherv: every rank's block size
  std::vector<int> displs; ///< … and where the root (allgatherv: every rank) keeps each block
  /// alltoallv: this rank's blocks for every rank and their places (counts, displs: the blocks
  /// it receives; in place, the receive side describes both).
  std::vector<int> send_counts, send_displs;
};

/// The same buffers on every call with the same options, rank and p: the algorithm's and
/// the reference's runs start from identical bytes.
Buffers make_buffers(const Options& options, int rank, int p);
void refill(Buffers& buffers, const Options& options, int rank, int p);

/// MPI_Reduce_scatter's recvcounts for --count N: rank i receives N·((i + 1) mod 3) elements
/// (N, 2N, 0, N, 2N, 0, …), so sizes differ and some are empty; N each for
/// MPI_Reduce_scatter_block. The input vector is their sum.
std::vector<int> reduce_scatter_counts(Collective collective, int count, int p);

/// MPI_Alltoallv's sizes for --count N: rank i sends N·((i + j + 1) mod 3) elements to rank j
/// (N, 2N, 0, …: sizes differ, some are empty; symmetric, so MPI_IN_PLACE works).
int alltoallv_count(int count, int i, int j);

/// Calls `algorithm` (or its native counterpart `reference` = true, through PMPI so that a
/// tracer sees only the algorithm under test) on the buffers, MPI_IN_PLACE as the options
/// ask. Returns the MPI error code.
int call(const Algorithm& algorithm, bool reference, const Options& options, Buffers& buffers,
         const MpiTypes& types, MPI_Comm comm);

} // namespace collscope::run
