// gatherv and scatterv in collscope-run: the block sizes of --problem/--block, where the root
// keeps them (--displs), and the α-β model time of the actual sizes.
#pragma once

#include "options.hpp"

#include <cstdint>
#include <vector>

namespace collscope::run {

struct IrregularLayout {
  std::vector<int> counts;        ///< m_0 … m_{p−1} in elements
  std::vector<int> displs;        ///< the root's displacements, in elements
  std::int64_t root_elements = 0; ///< the root buffer: max(displs + counts)
};

/// The same on every rank (the problem's random draws use --seed).
IrregularLayout irregular_layout(const Options& options, int p);

/// "#@key=value" lines for gatherv/scatterv: problem, block sizes, displacements, and the
/// model time of the algorithm for these sizes (α, β of `alpha`, `beta`; bytes of
/// `type_size` per element).
void print_irregular_header(const Options& options, int p, int type_size, double alpha,
                            double beta);

} // namespace collscope::run
