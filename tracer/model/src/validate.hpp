// Checks on what a loaded trace claims about itself, so that no analysis or printout passes a
// damaged or hand-edited value on as if it were a fact.
#pragma once

#include "collscope/model/trace.hpp"

#include <string>
#include <vector>

namespace collscope::model::detail {

/// Checks the metadata of every algorithm instance; an instance with problems gets one line per
/// problem in AlgorithmInstance::problems, and its bad values are left out of its metadata (and
/// of its regions'), so that no analysis reads them while the rest of the trace reads as usual.
/// The checks: integer
/// keys (p, root, count, type_size, blocks, piece, pieces, threshold, case, counts) must be
/// whole numbers in range (1 ≤ p ≤ ranks of the trace, 0 ≤ root < p, the others ≥ 0), and no
/// name, key or value may hold a control character (a newline would forge an output line).
void set_aside_bad_metadata(Trace& trace);

} // namespace collscope::model::detail
