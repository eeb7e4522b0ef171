// Running a submission's sweeps under mpirun, in the sandbox, and collecting what each case
// did. Failures are contained: every process count runs in an mpirun of its own (with one
// rank more than the cases need, so that code using MPI_COMM_WORLD in place of its
// communicator fails), and a run that dies (hang, crash, …) costs only the case it died in
// and the cases of the same shape: the rest of its process count runs again without them.
#pragma once

#include "exercise.hpp"
#include "records.hpp"
#include "sandbox.hpp"
#include "staging.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace collscope::grade {

namespace fs = std::filesystem;

struct Toolchain {
  std::string mpicxx, mpirun, nm = "nm", objdump = "objdump";
  fs::path harness_lib, harness_include, trace_lib, shim_lib;
};

using ProgressFn = std::function<void(int done)>;

class Runner {
public:
  /// Runs `runnable` (a copy of `binary` in `staging`) in scratch folders of `staging`, and
  /// keeps what each run left in `out`; commands printed for the student name `binary`.
  Runner(const Exercise& exercise, const Toolchain& tools, const Sandbox& sandbox,
         const Staging& staging, fs::path out, fs::path binary, fs::path runnable)
      : ex_(exercise), tools_(tools), sandbox_(sandbox), staging_(staging), out_(std::move(out)),
        binary_(std::move(binary)), runnable_(std::move(runnable)) {}

  SweepResult run(const std::string& name, const std::vector<Case>& cases, Mode mode,
                  const ProgressFn& progress) const;

  /// Runs one case alone in the sandbox with a trace of its own; its scratch folder ends up
  /// as `dir` (holding trace/ and output.txt).
  void reproduce(const Case& c, Mode mode, const fs::path& dir) const;

  /// The command that re-runs one case as its sweep ran it (outside the sandbox, for the
  /// student), writing a trace to `trace` (whose folder it makes): one line a shell runs as it
  /// is pasted. The synchronous-send library is preloaded as in the sweep; without
  /// COLLSCOPE_GRADE_SYNC_SEND=1 (set for the synchronous-send check only) it changes no call.
  std::string reproduce_command(const Case& c, Mode mode, const fs::path& trace) const;
  std::vector<std::string> environment() const;

private:
  std::vector<std::string> mpirun_argv(Mode mode, int world, const fs::path& dir) const;
  /// Runs the cases of one process count, in as many runs as it takes.
  void run_group(const std::string& name, const std::vector<Case>& cases, Mode mode,
                 double deadline, SweepResult& result, std::map<int, CaseRecord*>& records,
                 int& finished_before, const ProgressFn& progress) const;

  const Exercise& ex_;
  const Toolchain& tools_;
  const Sandbox& sandbox_;
  const Staging& staging_;
  fs::path out_, binary_, runnable_;
};

/// World size of the run of cases of p processes: p + 1, the extra rank idle.
int world_for(int p);

/// Where the runs of a sweep left their scratch folders (out/runs/NAME-pP-ATTEMPT).
fs::path run_folder(const fs::path& out, const std::string& name, int p, int attempt);

} // namespace collscope::grade
