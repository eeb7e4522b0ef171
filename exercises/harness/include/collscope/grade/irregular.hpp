// The irregular gather's problems (seeds/000 §4, "problem types"): how many elements m_i
// each rank contributes for block size b = the case's count, and where the root's recvbuf
// puts them. Pure functions of the case, without heap (the provenance reader calls them while
// the submission's allocations are counted).
//
// Displacements are in rank order with one element left free behind every block, so a
// submission that assumes contiguous displacements writes where it must not.
#pragma once

#include "collscope/grade/case.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace collscope::grade {

/// m_i of the case's problem type (Op::sum stands for `same`); all 0 when b = 0.
int gatherv_count(const Case& c, int rank);
/// displs[rank] = Σ_{j<rank} (m_j + 1).
std::int64_t gatherv_displ(const Case& c, int rank);
/// The root's recvbuf in elements: Σ_j (m_j + 1).
std::int64_t gatherv_extent(const Case& c);

/// "recvbuf element 17 (rank 2's block, element 3)" or "(the free element behind rank 2's
/// block: displs leave it alone)".
std::string gatherv_position(const Case& c, std::int64_t element);

} // namespace collscope::grade
