// Writes PGMPITuneLib's `.prf` profiles in the form profiles.hpp reads (seeds/004 §3.2.2,
// Listing 1): the collective's MPI name, the process count, the algorithms by id, the byte
// ranges. collscope-guidelines writes one per collective and process count from the
// violations it found; COLLSCOPE_TUNE_PROFILES=DIR then reads them back.
#pragma once

#include "config.hpp"

#include <span>
#include <string>
#include <vector>

namespace collscope::tune {

/// "MPI_Reduce_scatter_block" for reduce_scatter_block.
std::string mpi_name(Collective c);

/// A profile's text. Every choice must be of `collective` with a registry algorithm and a
/// range [low, high]; `procs` is the only communicator size it applies to. `comments` become
/// '#' lines at the top (what was measured, where).
std::string profile_text(Collective collective, int procs, std::span<const Choice> choices,
                         std::span<const std::string> comments = {});

/// "MPI_Allreduce-p64.prf": one file per collective and process count, so a folder can hold
/// profiles for several process counts side by side.
std::string profile_file_name(Collective collective, int procs);

/// Writes the profile into `dir` (made if missing); false with one line in `error` if it
/// cannot. Returns the file's path in `path`.
bool write_profile(const std::string& dir, Collective collective, int procs,
                   std::span<const Choice> choices, std::span<const std::string> comments,
                   std::string& path, std::string& error);

} // namespace collscope::tune
