// One collective call checked against Open MPI's own on identical inputs.
#pragma once

#include "collscope/algorithms/registry.hpp"
#include "mpi_support.hpp"

#include <string>
#include <vector>

namespace collscope::testing {

struct Case {
  const Algorithm* algorithm = nullptr;
  int root = 0;
  int count = 1; ///< elements per block (gather, scatter, allgather) or of the vector
  Types types = Types::ints;
  bool in_place = false;
  MPI_Op op = MPI_SUM;             ///< reduce only
  MPI_Datatype datatype = MPI_INT; ///< reduce only: MPI_INT, the vector or the pair type

  std::string describe(MPI_Comm comm) const;
};

/// The roots a sweep tries for `a` at p ranks: every root, except for the guideline mock-ups
/// (seeds/004), which only tell the root from the others and call the library's collectives
/// for the rest: 0, ⌊p/2⌋ and p − 1 (fewer when they coincide), within the CI's time.
std::vector<int> roots_to_test(const Algorithm& a, int p);

/// Runs the case's algorithm and the native collective on identically initialised buffers
/// (receive buffers and vector gaps hold the same sentinel). True on this rank when both
/// calls succeed, every significant result buffer is byte-identical and the send buffer is
/// untouched. Every rank of comm must call it with the same case.
bool matches_native(const Case& c, const TestTypes& types, MPI_Comm comm);

} // namespace collscope::testing
