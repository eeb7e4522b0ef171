// The decisions collscope-profiles exports: per collective, which algorithm runs at which
// message size, from PGMPITuneLib profiles (COLLSCOPE_TUNE_PROFILES's folder, read by the tune
// library's own reader) or an inline COLLSCOPE_TUNE string. Besides collscope's names, the
// inline string takes Open MPI's own algorithms, which only an export can use:
//
//   bcast=ompi:pipeline:segsize=8192@0-65535,ompi:knomial:fanout=4@65536-
//   choice := ompi:NAME (':' KEY '=' VALUE)* ['@' LOW '-' [HIGH]]
//
// KEY is segsize, fanout (chain's chains, knomial's radix) or max_requests, as the algorithm
// takes them (collscope/ompi/knobs.hpp; `collscope-run --list ompi` lists them).
//
// Sizes are measured as the tune library measures them (config.hpp, algorithms/tune/README.md
// "Decisions").
#pragma once

#include "collscope/algorithms/registry.hpp"

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::profiles {

inline constexpr std::int64_t no_limit = std::numeric_limits<std::int64_t>::max();

struct Decision {
  Collective collective = Collective::bcast;
  int procs = 0;        ///< a profile's process count; 0: any communicator
  std::int64_t low = 0; ///< bytes, inclusive
  std::int64_t high = no_limit;
  std::string algorithm; ///< a registry name ("native" is the library's own) or "ompi:NAME"
  int segsize = 0;       ///< ompi: only, bytes; 0 = unsegmented
  int fanout = 0;        ///< ompi:chain's chains, ompi:knomial's radix; 0 = Open MPI's default
  int max_requests = 0;  ///< ompi: only; 0 = no limit
  int radix = 0;         ///< collscope's k-nomial trees (radix=K); 0 = the default radix, 4
  bool knobs = false;    ///< blocks, piece or threshold were set (no library can take them)
};

/// In the tune library's order: the first decision whose size range (and process count) holds
/// a call wins; none: the library's own collective.
using Decisions = std::vector<Decision>;

/// Parses an inline COLLSCOPE_TUNE string (with ompi: choices); false and a one-line `error`.
bool parse_inline(std::string_view text, Decisions& out, std::string& error);

/// Reads a profile folder with the tune library's reader; false and its errors joined by "; ".
bool read_profile_folder(const std::string& dir, Decisions& out, std::string& error);

/// "bcast jia @0-65535 (profile for 4 processes)": a decision in the export's notes.
std::string describe(const Decision& d);

} // namespace collscope::profiles
