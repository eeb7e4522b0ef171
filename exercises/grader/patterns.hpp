// Explaining a check's failures in words a student can act on.
#pragma once

#include "../harness/case.hpp"
#include "expr.hpp"

#include <string>
#include <vector>

namespace collscope::grade {

/// "Every failing case has root ≠ 0; all 24 cases with root = 0 pass." when one property of
/// the cases separates the failing from the passing ones; empty otherwise.
std::string failure_pattern(const std::vector<const Case*>& failing,
                            const std::vector<const Case*>& passing);

/// A hint with {expression} parts evaluated in `env` ("used {msgs_recv_max} blocks").
std::string render_hint(const std::string& hint, const Env& env);

/// "3", "0.25", "1.2e-06".
std::string format_number(double value);

} // namespace collscope::grade
