// gatherv, scatterv and allgatherv in collscope-run: the block sizes of --problem/--block,
// where the root (allgatherv: every rank) keeps them (--displs), and the α-β model time of
// the actual sizes.
#pragma once

#include "options.hpp"

#include <cstdint>
#include <mpi.h>
#include <optional>
#include <vector>

namespace collscope::run {

struct IrregularLayout {
  std::vector<int> counts;        ///< m_0 … m_{p−1} in elements
  std::vector<int> displs;        ///< the root's displacements, in elements
  std::int64_t root_elements = 0; ///< the root buffer: max(displs + counts)
};

/// The same on every rank (the problem's random draws use --seed).
IrregularLayout irregular_layout(const Options& options, int p);

/// allgatherv ring-pipelined: the piece size b (elements) the algorithm uses for this run's
/// blocks (--piece or the pipelining lemma's), and M = Σ⌈m_i/b⌉.
struct PieceChoice {
  int piece = 0;
  std::int64_t pieces = 0;
};
PieceChoice piece_choice(const Options& options, int p, MPI_Datatype datatype);

/// "#@key=value" lines for gatherv/scatterv/allgatherv: problem, block sizes, displacements,
/// and the model time of the algorithm for these sizes (α, β of `alpha`, `beta`; bytes of
/// `type_size` per element; `piece` elements per piece for allgatherv ring-pipelined).
/// Returns that model time, if the algorithm has one.
std::optional<double> print_irregular_header(const Options& options, int p, int type_size,
                                             double alpha, double beta, int piece);

} // namespace collscope::run
