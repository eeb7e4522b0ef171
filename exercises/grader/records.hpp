// What one sweep found out about each case and timing: shared by the runner, which fills
// them, the log reader, which applies the harness's verdicts, and the judges.
#pragma once

#include "collscope/grade/case.hpp"
#include "failure.hpp"
#include "trace_metrics.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace collscope::grade {

namespace fs = std::filesystem;

enum class Mode {
  main, ///< traced, blocked-call states recorded
  sync, ///< MPI_Send made synchronous, untraced
  speed ///< untraced, nothing preloaded, world = the timing's p
};

struct CaseRecord {
  Case c;
  Outcome outcome = Outcome::not_run;
  std::string detail;
  long long heap_peak = 0, heap_live = 0;
  int heap_peak_rank = 0;
  bool heap_overflow = false;
  std::string banned = "-"; ///< calls the harness intercepted
  fs::path run_dir;
  fs::path trace; ///< the complete archive holding this case, or empty
  std::optional<Metrics> metrics;
  /// For a wrong result: each wrong rank's receive buffer by block (harness/block_map.hpp).
  struct BlockMap {
    int rank = 0;
    std::string got, expected;
  };
  std::vector<BlockMap> block_maps;
};

struct TimingRecord {
  Case c;
  double median_yours = 0, median_native = 0; ///< seconds
  double q1_yours = 0, q3_yours = 0, q1_native = 0, q3_native = 0;
  double min_yours = 0, min_native = 0;
};

struct SweepResult {
  std::vector<CaseRecord> cases;
  std::vector<TimingRecord> timings;
  std::vector<std::string> notes; ///< runs that ended early, trace problems
  std::optional<Failure> failure; ///< speed: why there are no timings
  int forged_lines = 0;           ///< log lines the harness did not write (ignored)
  std::vector<std::string> forged_samples;
};

} // namespace collscope::grade
