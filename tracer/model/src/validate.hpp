// Checks on what a loaded trace claims about itself, so that no analysis or printout passes a
// damaged or hand-edited value on as if it were a fact.
#pragma once

#include "collscope/model/trace.hpp"

#include <string>
#include <vector>

namespace collscope::model::detail {

/// One line per problem (empty if none) with the metadata of the algorithm instances: integer
/// keys (p, root, count, type_size, blocks, piece, pieces, threshold, case, counts) must be
/// whole numbers in range (1 ≤ p ≤ ranks of the trace, 0 ≤ root < p, the others ≥ 0), and no
/// name, key or value may hold a control character (a newline would forge an output line).
std::vector<std::string> metadata_problems(const Trace& trace);

} // namespace collscope::model::detail
