// Open MPI 4.1's coll tuned algorithms that are, message for message in the α-β model, one of
// the lecture's (unsegmented): collscope-run gives an `ompi:NAME` run its twin's rounds and
// cost, collscope-profiles exports a decision for the collscope algorithm as Open MPI's twin.
// Pure data (collscope's names as text), like tuned.hpp.
#pragma once

#include "collscope/ompi/tuned.hpp"

#include <optional>
#include <string_view>

namespace collscope::ompi {

/// The collscope registry name of `ompi_name`'s twin, or "" when it has none.
std::string_view lecture_twin(Coll coll, std::string_view ompi_name);
/// Open MPI's number of the twin of collscope's `collscope_name`, or nullopt.
std::optional<int> ompi_twin(Coll coll, std::string_view collscope_name);

} // namespace collscope::ompi
