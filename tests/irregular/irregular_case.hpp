// One gatherv, scatterv or allgatherv call checked against Open MPI's own on identical
// inputs: any block sizes (empty ones included), any root (allgatherv: every rank's)
// displacements, contiguous, non-contiguous and mixed datatypes, MPI_IN_PLACE.
#pragma once

#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/algorithms/registry.hpp"
#include "mpi_support.hpp"

#include <string>
#include <vector>

namespace collscope::testing {

enum class Placement {
  packed,   ///< rank order, no gaps
  gaps,     ///< rank order, two free elements after each block
  reversed, ///< reverse rank order
  shuffled  ///< a fixed permutation with gaps
};

struct IrregularCase {
  const Algorithm* algorithm = nullptr;
  int root = 0;
  std::vector<int> counts; ///< per rank, in sender elements
  Placement placement = Placement::packed;
  Types types = Types::ints;
  bool in_place = false;
  int piece = 0; ///< allgatherv ring-pipelined: elements per piece; 0 as pipeline_tuning() says

  std::string describe(MPI_Comm comm) const;
};

/// True on this rank when both calls succeed, every result buffer is byte-identical (gaps
/// keep their sentinel) and the send buffer is untouched. Collective over comm.
bool matches_native(const IrregularCase& c, const TestTypes& types, MPI_Comm comm);

} // namespace collscope::testing
