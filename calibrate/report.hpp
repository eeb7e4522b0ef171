#pragma once
// What collscope-calibrate concludes from its measurements, and the three ways it says so: the
// network file (JSON, read back by common/network_file.hpp), a text table and an SVG plot.
#include "measure.hpp"

#include <string>

namespace collscope::calibrate {

/// One pattern's points and fits.
struct Pattern {
  const char* name;
  std::vector<Point> points;
  LinearFit fit;
  SplitFit split;
};

struct Result {
  int ranks = 0, repetitions = 0;
  std::string library; ///< MPI_Get_library_version, first line
  std::string host;    ///< MPI_Get_processor_name of rank 0
  /// Rank 1's, where it differs from rank 0's: the ping-pong then measured the network
  /// between two nodes (srun -N 2 --ntasks-per-node=1), not shared memory.
  std::string peer_host;
  Pattern ping_pong{"ping_pong", {}, {}, {}}, ping_ping{"ping_ping", {}, {}, {}},
      ring{"ring", {}, {}, {}};
  // LogGP (seeds/001: α ≈ 2o + L, β ≈ G).
  double o_s = 0, g_s = 0, L_s = 0, G_s_per_byte = 0;
};

/// Relative residuals above this are where "the linear model fails".
inline constexpr double misfit_tolerance = 0.25;

/// Fits every pattern and derives LogGP from ping-pong's α and β, o and g.
Result conclude(const Measured& m, int ranks, int repetitions);

std::string to_json(const Result& r);
std::string to_text(const Result& r);
std::string to_svg(const Result& r);
/// The same figure for a 16:9 slide: fit and residuals side by side, 1250 × 384 with 22 px
/// text, its pixel size twice that (sharp on a projector that scales the slide up).
std::string to_slide_svg(const Result& r);

} // namespace collscope::calibrate
