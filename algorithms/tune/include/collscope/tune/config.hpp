// What COLLSCOPE_TUNE asks for: per collective, which algorithm runs at which message size,
// with the knobs its MPI signature has no room for. Pure parsing against the registry; no MPI.
//
//   COLLSCOPE_TUNE="bcast=jia;allreduce=butterfly@0-65535,rabenseifner@65536-"
//   COLLSCOPE_TUNE="auto"   COLLSCOPE_TUNE="bcast=auto;allreduce=auto:floats=ok"
//   entry   := collective '=' choice (',' choice)* | 'auto'   entries separated by ';'
//   choice  := (algorithm | 'auto') (':' key '=' value)* ['@' bytes '-' [bytes]]
//   keys    := blocks=M | piece=B | threshold=BYTES | radix=K | floats=ok   (auto: floats=ok)
// `auto` is decided per call by collscope's α-β chooser (auto_pick.hpp); a bare `auto` entry
// gives it every collective it can choose for that has no entry of its own.
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
  int radix = 0;               ///< k-nomial trees, Bruck in radix k; 0: the process-wide radix
  /// floats=ok: run a float_rank_dependent algorithm on floating-point data all the same.
  bool floats_ok = false;
  /// From a PGMPITuneLib profile: applies only on communicators of exactly this size; 0: any.
  int procs = 0;
  /// `auto`: the algorithm is chosen per call (algorithm then points to the collective's
  /// native entry, so that no reader meets a null pointer).
  bool automatic = false;
};

inline constexpr std::size_t collective_count = 15;
inline std::size_t index_of(Collective c) {
  return static_cast<std::size_t>(c);
}

/// Per collective (indexed by index_of), the choices in the order given; the first whose
/// range holds the call's size wins; none: the library's own collective.
struct Config {
  std::array<std::vector<Choice>, collective_count> choices;
  /// A bare `auto` entry: every collective auto_chooses() and no entry names goes to `auto`
  /// (after the profiles, which are more particular).
  bool auto_everywhere = false;
  bool empty() const;
  /// Some choice, or auto_everywhere, is `auto` (the network file is then read).
  bool uses_auto() const;
};

/// The collectives whose size only the root (or each rank) knows: every rank must decide
/// alike, so they take one algorithm for all sizes.
bool size_known_everywhere(Collective c);

/// Whether `auto` can choose for the collective: the chooser needs one block size for all
/// ranks (not gatherv, scatterv, allgatherv, reduce_scatter, alltoallv).
bool auto_chooses(Collective c);

/// The whole of `text` or nothing: on the first mistake returns false and names it in `error`
/// (one line). `auto` is refused: it is no fixed algorithm (collscope-profiles' exports).
bool parse_config(std::string_view text, Config& config, std::string& error);

/// The tune library's reading: each entry that parses applies; each that does not is left out
/// and named in `errors`, one line each ("… ; entry 'bcast=nosuch' ignored, bcast uses the MPI
/// library's collective"). `auto` is allowed.
void parse_settings(std::string_view text, Config& config, std::vector<std::string>& errors);

} // namespace collscope::tune
