// What the reduce-scatter algorithms share: MPI_Reduce_scatter_block as MPI_Reduce_scatter with
// equal counts, the blocks' displacements, and the recursive-halving driver that the
// `halving` and `ordered-halving` algorithms run with their own step order.
#pragma once

#include "collscope/schedule/reduce_scatter.hpp"
#include "common/contract.hpp"

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

/// Recursive halving as an algorithm: `halving` takes the steps largest distance first and so
/// sums out of rank order (commutative operations only, refused before any message),
/// `ordered-halving` smallest first, keeping rank order. Called as a reduce-scatter body.
struct Halving {
  const char* name;
  schedule::HalvingOrder order;
  int operator()(const char* collective, const void* sendbuf, void* recvbuf,
                 const std::vector<int>& counts, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm) const;
};

/// MPI_Reduce_scatter_block's and MPI_Reduce_scatter's algorithms around one body
/// `body(collective, sendbuf, recvbuf, counts, datatype, op, comm)`, which sees every rank's
/// block count and the name of the call for its trace region. An algorithm's two entries are
/// `COLLSCOPE_ENTRY(reduce_scatter_block, name, BlockReduceScatter{body})` and
/// `COLLSCOPE_ENTRY(reduce_scatter, name, ReduceScatter{body})` (contract.hpp).
template <class Body> struct BlockReduceScatter {
  Body body;
  int operator()(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype,
                 MPI_Op op, MPI_Comm comm) const {
    return body("reduce_scatter_block", sendbuf, recvbuf,
                reduce_scatter_counts(nullptr, recvcount, comm), datatype, op, comm);
  }
};
template <class Body> struct ReduceScatter {
  Body body;
  int operator()(const void* sendbuf, void* recvbuf, const int* recvcounts, MPI_Datatype datatype,
                 MPI_Op op, MPI_Comm comm) const {
    return body("reduce_scatter", sendbuf, recvbuf, reduce_scatter_counts(recvcounts, 0, comm),
                datatype, op, comm);
  }
};

} // namespace collscope::detail
