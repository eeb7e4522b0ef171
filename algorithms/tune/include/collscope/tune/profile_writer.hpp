// Writes PGMPITuneLib's `.prf` profiles in the form profiles.hpp reads (seeds/004 §3.2.2,
// Listing 1), with collscope's extension: the datatype after the collective's name, each id's
// options after its algorithm. collscope-guidelines writes one per collective and process
// count from the violations it found; COLLSCOPE_TUNE_PROFILES=DIR then reads them back.
// Every line stays under 100 bytes: PGMPITuneLib reads lines into a 100-byte buffer.
#pragma once

#include "collscope/tune/profiles.hpp"

#include <string>

namespace collscope::tune {

/// "MPI_Reduce_scatter_block" for reduce_scatter_block.
std::string mpi_name(Collective c);

/// A profile's text. Every choice must be of `profile.collective` with a registry algorithm
/// and a range [low, high]; `profile.procs` is the only communicator size it applies to. The
/// comments become '#' lines at the top (what was measured, where), wrapped to fit.
std::string profile_text(const Profile& profile);

/// "MPI_Allreduce-p64.prf": one file per collective and process count, so a folder can hold
/// profiles for several process counts side by side.
std::string profile_file_name(Collective collective, int procs);

/// Writes the profile into `dir` (made if missing); false with one line in `error` if it
/// cannot. Returns the file's path in `path`.
bool write_profile(const std::string& dir, const Profile& profile, std::string& path,
                   std::string& error);

} // namespace collscope::tune
