// `collscope-profiles show-openmpi FILE`: what an Open MPI rules file selects, by Open MPI's
// names, per collective and communicator size, per message size range — or, with --procs and
// --size, the one algorithm a call gets (and, for algorithm 0, the fixed decision's).
#pragma once

#include "openmpi_rules.hpp"

#include <optional>
#include <ostream>

namespace collscope::profiles {

struct ShowFilter {
  std::optional<int> procs;
  std::optional<int> collective; ///< COLLTYPE id
  std::optional<std::uint64_t> size; ///< bytes as Open MPI's dynamic decision measures them
};

void show_rules(const RulesFile& rules, const ShowFilter& filter, std::ostream& out);

} // namespace collscope::profiles
