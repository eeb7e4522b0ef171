// Explaining a check's failures in words a student can act on.
#pragma once

#include "collscope/grade/case.hpp"
#include "expr.hpp"

#include <optional>
#include <string>
#include <vector>

namespace collscope::grade {

/// A property that separates a check's failing cases from its passing ones: it holds for
/// every failing case and for no passing case (the rule of exercises/README.md). `test` is
/// the property as an expression over pattern_env's variables, so that results.json can be
/// checked against its cases.
struct Pattern {
  std::string text; ///< "Every failing case has p ≥ 4; all 24 cases with p ≤ 3 pass."
  std::string test; ///< "p >= 4"
};

/// The first separating property: single properties (datatype, op, root, p, count, problem
/// type), then conjunctions of two, then of three, each in the order of the candidates, with
/// exact boundaries: a threshold on p or count is the least (greatest) value among the failing
/// cases, stated only when every passing case lies on the other side. When the vector
/// datatype is all that separates the cases that move data, the text names its size against
/// its extent. nullopt when nothing separates them or either side is empty.
std::optional<Pattern> separating_pattern(const std::vector<const Case*>& failing,
                                          const std::vector<const Case*>& passing);

/// When nothing separates: the conjunction (up to three properties) that holds for the most
/// failing cases and for no passing one, if it explains at least half of them ("9 of the 12
/// failing cases have …, and no passing case has them all; …"); else empty.
std::string partial_pattern(const std::vector<const Case*>& failing,
                            const std::vector<const Case*>& passing);

/// separating_pattern's text, or empty.
std::string failure_pattern(const std::vector<const Case*>& failing,
                            const std::vector<const Case*>& passing);

/// What a pattern's test reads of a case: p, root, count, vector (1 for the vector
/// datatype), affine (1 for the non-commutative op), problem (the op slot's value: gatherv's
/// problem type).
Env pattern_env(const Case& c);

/// A hint with {expression} parts evaluated in `env` ("used {msgs_recv_max} blocks").
std::string render_hint(const std::string& hint, const Env& env);

/// "3", "0.25", "1.2e-06".
std::string format_number(double value);

} // namespace collscope::grade
