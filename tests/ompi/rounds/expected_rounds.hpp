// The round count a case must show: its closed form (round_formulas.hpp) where there is one,
// else the one-ported rule run on the algorithm's generated message order.
#pragma once

#include "ompi_programs.hpp"

namespace collscope::ompi_rounds {

struct Expected {
  int rounds = 0;
  bool from_formula = false;
};

Expected expected_rounds(const Case& c);

} // namespace collscope::ompi_rounds
