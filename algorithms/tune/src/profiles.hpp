// PGMPITuneLib's profiles (`.prf`, one per collective and process count), read from
// COLLSCOPE_TUNE_PROFILES=DIR:
//
//   MPI_Allgather # collective name         lines starting with '#' are skipped,
//   4 # procs                               '#' ends a line's data
//   2 # number of algorithms, then "id name" lines: names are collscope's (registry) names
//   1 ring
//   2 dissemination
//   2 # number of ranges, then "first_byte last_byte id" lines
//   0 1023 2
//   1024 1048576 1
//
// A profile applies only to communicators of exactly its process count, as in PGMPITuneLib.
#pragma once

#include "config.hpp"

#include <string>
#include <vector>

namespace collscope::tune {

/// Appends the profiles' choices to `config` (after the inline ones, which win). Each
/// mistake, one line naming its file, goes to `errors`; that file is skipped.
void read_profiles(const std::string& dir, Config& config, std::vector<std::string>& errors);

} // namespace collscope::tune
