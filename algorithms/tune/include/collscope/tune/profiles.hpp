// PGMPITuneLib's profiles (`.prf`, one per collective and process count), read from
// COLLSCOPE_TUNE_PROFILES=DIR, with collscope's extension (per-entry options, the datatype):
//
//   MPI_Allreduce MPI_DOUBLE # collective name [datatype measured with]
//   4 # procs                               lines starting with '#' are skipped,
//   2 # number of algorithms, then          '#' ends a line's data
//   1 rabenseifner                          "id name [KEY=VALUE ...]" lines: names are
//   2 circulant floats=ok                   collscope's (registry) names; the options those
//   2 # number of ranges, then              of COLLSCOPE_TUNE's ':KEY=VALUE' (blocks=M,
//   0 1023 2                                piece=B, threshold=BYTES, radix=K, floats=ok)
//   1024 1048576 1                          "first_byte last_byte id" lines
//
// PGMPITuneLib's own reader (src/tuning/pgmpi_profile_reader.c) takes each line with
// sscanf "%s", "%d", "%d", "%d %s", "%d", "%d %d %d": the extra columns are never read there.
// An id names an algorithm with its options, so one algorithm may have several ids.
// A profile applies only to communicators of exactly its process count, as in PGMPITuneLib.
#pragma once

#include "collscope/tune/config.hpp"

#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::tune {

/// One `.prf` file.
struct Profile {
  Collective collective = Collective::bcast;
  int procs = 0;
  std::string datatype; ///< "MPI_DOUBLE": what it was measured with; "" when not recorded
  std::vector<Choice> choices;
  std::vector<std::string> comments; ///< the writer's '#' lines; the reader keeps none
};

/// Parses one profile; false with one line in `error` (no file name) on a mistake.
bool parse_profile(std::istream& in, Profile& profile, std::string& error);

/// One KEY=VALUE of an id line (or of collscope-guidelines' --candidates) into `choice`,
/// checked against its algorithm; false with one line in `error`.
bool parse_entry_option(std::string_view text, Choice& choice, std::string& error);

/// "blocks=8 floats=ok": the options of `choice` as an id line writes them ("" for none).
std::string entry_options(const Choice& choice);

/// Appends the profiles' choices to `config` (after the inline ones, which win). Each
/// mistake, one line naming its file, goes to `errors`; that file is skipped.
void read_profiles(const std::string& dir, Config& config, std::vector<std::string>& errors);

} // namespace collscope::tune
