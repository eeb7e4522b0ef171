// Traces of the lecture's algorithms as the recorder would write them for blocking MPI calls,
// built round by round: round k of the schedule runs in [10k, 10k + 10) µs, a receive call is
// entered 1 µs into the round, the matching send starts 2 µs in, the receive completes 5 µs in.
#pragma once

#include "trace_builder.hpp"

#include <cstdint>

namespace collscope::test {

/// Binomial gather to root 0 (algorithms/gather_scatter/gather_binomial.cpp): vrank v receives the
/// subtrees of v + 1, v + 2, v + 4, … in rounds 0, 1, 2, … and then sends its subtree to its
/// parent. Each rank contributes `block` bytes; annotated with `algorithm gather/binomial`, `round
/// k` and the block attributes, or with nothing at all.
TraceBuilder binomial_gather(int p, std::uint64_t block, bool annotate = true);

/// Ring allgather: p − 1 Sendrecv steps, rank r sends to r + 1 and receives from r − 1.
TraceBuilder ring_allgather(int p, std::uint64_t block);

/// Dissemination allgather: in round k rank r sends to r + 2^k and receives from r − 2^k.
TraceBuilder dissemination_allgather(int p, std::uint64_t block);

/// Linear pipeline broadcast from rank 0 in `blocks` blocks: inner ranks Recv; Sendrecv ×
/// (blocks − 1); Send. Rank v receives block b in round v − 1 + b.
TraceBuilder pipeline_bcast(int p, int blocks, std::uint64_t block);

/// One gather case as collscope-grade runs it: p + 1 ranks, the case on ranks 0 … p − 1 (a
/// communicator of their own) inside
/// `algorithm gather/submission` (case=7, p, root 0), rank p idle, never entering it. The
/// student's root first copies its own block with a Sendrecv to itself, then receives the
/// other blocks one by one: p − 1 rounds, the copy none.
TraceBuilder graded_linear_gather(int p, std::uint64_t block);

/// Seconds at which offset `us` µs into round k falls.
inline double at(int round, double us) {
  return (10.0 * round + us) * 1e-6;
}

/// Programs written by hand, without annotations, starting at `base` seconds:
/// every rank enters MPI_Barrier at base and leaves 1 µs later;
void hand_barrier(TraceBuilder& b, int p, double base);
/// a binomial broadcast from `root`: vrank v < 2^k sends to v + 2^k in round k (each rank
/// receives, then sends by increasing k, blocking);
void hand_binomial_bcast(TraceBuilder& b, int p, int root, double base, std::uint64_t bytes);
/// a linear gather to rank 0, which first copies its own block with a Sendrecv to itself, then
/// receives 1 … p − 1 in turn.
void hand_linear_gather(TraceBuilder& b, int p, double base, std::uint64_t bytes);

} // namespace collscope::test
