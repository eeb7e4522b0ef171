// What COLLSCOPE_TUNE asks for: per collective, which algorithm runs at which message size,
// with the knobs its MPI signature has no room for. Pure parsing against the registry; no MPI.
//
//   COLLSCOPE_TUNE="bcast=jia;allreduce=butterfly@0-65535,rabenseifner@65536-"
//   entry   := collective '=' choice (',' choice)*          entries separated by ';'
//   choice  := algorithm (':' key '=' value)* ['@' bytes '-' [bytes]]
//   keys    := blocks=M | piece=B | threshold=BYTES | floats=ok
#pragma once

#include "collscope/algorithms/registry.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::tune {

struct Choice {
  const Algorithm* algorithm = nullptr; ///< the registry's entry; may be native
  std::int64_t low = 0;                 ///< bytes, inclusive
  std::int64_t high = std::numeric_limits<std::int64_t>::max(); ///< bytes, inclusive
  int blocks = 0;                                               ///< 0: the algorithm's own choice
  int piece = 0;                                                ///< 0: the algorithm's own choice
  std::int64_t threshold = -1; ///< < 0: the algorithm's own default
  /// floats=ok: run a float_rank_dependent algorithm on floating-point data all the same.
  bool floats_ok = false;
  /// From a PGMPITuneLib profile: applies only on communicators of exactly this size; 0: any.
  int procs = 0;
};

inline constexpr std::size_t collective_count = 15;
inline std::size_t index_of(Collective c) {
  return static_cast<std::size_t>(c);
}

/// Per collective (indexed by index_of), the choices in the order given; the first whose
/// range holds the call's size wins; none: the library's own collective.
struct Config {
  std::array<std::vector<Choice>, collective_count> choices;
  bool empty() const;
};

/// The collectives whose size only the root (or each rank) knows: every rank must decide
/// alike, so they take one algorithm for all sizes.
bool size_known_everywhere(Collective c);

/// Parses `text`; on a mistake returns false and names it in `error` (one line).
bool parse_config(std::string_view text, Config& config, std::string& error);

} // namespace collscope::tune
