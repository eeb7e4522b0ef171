// The figures `stats` prints and `check` judges, computed once from a loaded trace.
#pragma once

#include "collscope/model/trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace collscope::trace_cli {

struct TraceStats {
  std::string native_inside; ///< Trace::native_inside when the scope has native collectives
  std::string incomplete; ///< why the record stops early (Trace::incomplete), empty if whole
  int ranks = 0;          ///< locations of the trace, idle ranks included
  int p = 0;              ///< ranks taking part in the algorithm (model::process_count)
  std::size_t messages = 0;      ///< matched messages between two ranks
  std::size_t self_messages = 0; ///< matched messages a rank sent to itself (not in `messages`)
  std::uint64_t self_bytes = 0;  ///< their bytes (not in the byte figures)
  /// Of `messages` and `bytes_total`: those the MPI library sent inside native collectives
  /// (tracer/README.md, "Inside the library"), not the program's own point-to-point.
  std::size_t native_messages = 0;
  std::uint64_t native_bytes = 0;
  std::size_t unmatched = 0;
  /// Bytes sent to other ranks (unmatched sends too; a rank's copies to itself never).
  std::uint64_t bytes_total = 0;
  std::uint64_t bytes_max_per_rank = 0; ///< max over ranks of max(sent, received), as Volume
  bool bytes_saturated = false; ///< a sum reached 2^64 − 1: the byte figures are lower bounds
  int rounds_inferred = 0;
  bool rounds_consistent = true; ///< InferredRounds::consistent: false, the count is a lower bound
  int rounds_annotated = 0;
  double critical_path_s = 0;
  std::vector<double> wait_s_per_rank;
  double alpha = 0, beta = 0;
  double replay_alpha_beta_s = 0;
};

TraceStats compute_stats(const model::Trace& trace, double alpha, double beta);

} // namespace collscope::trace_cli
