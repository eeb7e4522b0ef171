// What the reduce-scatter algorithms share: MPI_Reduce_scatter_block as MPI_Reduce_scatter with
// equal counts, the blocks' displacements, and the recursive-halving driver that the
// `halving` and `ordered-halving` algorithms run with their own step order.
#pragma once

#include "collscope/schedule/reduce_scatter.hpp"

#include <cstdint>
#include <mpi.h>
#include <vector>

namespace collscope::detail {

/// recvcounts as a vector; nullptr (the _block variant) means `count` for every rank.
std::vector<int> reduce_scatter_counts(const int* recvcounts, int count, MPI_Comm comm);
/// Where each rank's block starts in the input vector; p + 1 entries, the last the total.
std::vector<std::int64_t> reduce_scatter_displs(const std::vector<int>& counts);

/// Reduce-scatter by recursive halving on the butterfly's core (halving.hpp): copy the input
/// into the work buffer in the order's block positions, fold, halve, hand each folded even
/// rank its block. Rounds as schedule::reduce_scatter_halving_rounds. The region is the
/// caller's.
int reduce_scatter_by_halving(const void* sendbuf, void* recvbuf, const std::vector<int>& counts,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              schedule::HalvingOrder order);

} // namespace collscope::detail
