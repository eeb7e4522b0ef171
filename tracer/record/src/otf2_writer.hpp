// Writing the gathered record of a run as one OTF2 archive, serially on rank 0.
#pragma once

#include "collect.hpp"

#include <string>
#include <vector>

namespace collscope::rec {

/// Writes the archive "traces" into directory path (path/traces.otf2, traces.def, traces/).
/// Returns an empty string on success, else one line saying what failed.
std::string write_archive(const std::string& path, const std::vector<RankTrace>& ranks);

} // namespace collscope::rec
