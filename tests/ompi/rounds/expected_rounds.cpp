#include "expected_rounds.hpp"

#include "round_formulas.hpp"

namespace collscope::ompi_rounds {

Expected expected_rounds(const Case& c) {
  if (const auto formula = round_formula(c)) return {*formula, true};
  return {one_ported_rounds(program_of(c)).rounds, false};
}

} // namespace collscope::ompi_rounds
