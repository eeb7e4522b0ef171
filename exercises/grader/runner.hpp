// Running a submission's sweeps under mpirun and collecting what each case did. A run that
// dies (hang, crash, …) costs only the case it died in: the sweep is run again without
// that case, up to the exercise's max_attempts runs.
#pragma once

#include "../harness/case.hpp"
#include "exercise.hpp"
#include "failure.hpp"
#include "trace_metrics.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace collscope::grade {

namespace fs = std::filesystem;

struct Toolchain {
  std::string mpicxx, mpirun;
  fs::path harness_lib, harness_include, trace_lib, shim_lib;
};

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
};

struct TimingRecord {
  Case c;
  double median_yours = 0, median_native = 0, min_yours = 0, min_native = 0;
};

struct SweepResult {
  std::vector<CaseRecord> cases;
  std::vector<TimingRecord> timings;
  std::vector<std::string> notes; ///< runs that ended early, trace problems
  std::optional<Failure> failure; ///< speed: why there are no timings
};

using ProgressFn = std::function<void(int done)>;

class Runner {
public:
  Runner(const Exercise& exercise, const Toolchain& tools, fs::path out, fs::path binary)
      : ex_(exercise), tools_(tools), out_(std::move(out)), binary_(std::move(binary)) {}

  SweepResult run(const std::string& name, const std::vector<Case>& cases, Mode mode,
                  const ProgressFn& progress) const;

  /// The command that re-runs one case as its sweep ran it, writing a trace to `trace`.
  std::vector<std::string> reproduce_argv(const Case& c, Mode mode, int world,
                                          const fs::path& trace) const;
  std::string reproduce_command(const Case& c, Mode mode, int world, const fs::path& trace) const;
  std::vector<std::string> environment() const;

private:
  std::vector<std::string> mpirun_argv(Mode mode, int world, const fs::path& dir) const;

  const Exercise& ex_;
  const Toolchain& tools_;
  fs::path out_, binary_;
};

/// World size of a sweep: its largest p.
int world_of(const std::vector<Case>& cases);

} // namespace collscope::grade
