#include "runner.hpp"

#include "collscope/model/load_trace.hpp"
#include "run_log.hpp"
#include "sweep.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <unistd.h>

namespace collscope::grade {

namespace {

std::string shell_quote(const std::string& word) {
  if (word.find_first_of(" \t'\"$\\;&|<>()*?") == std::string::npos) return word;
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

} // namespace

int world_of(const std::vector<Case>& cases) {
  int w = 1;
  for (const Case& c : cases) w = std::max(w, c.p);
  return w;
}

std::vector<std::string> Runner::environment() const {
  std::vector<std::string> env{"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
                               "OMPI_MCA_rmaps_base_oversubscribe=1"};
  // As scripts/mpi-env: loopback-only machines, no ptrace-based single copy in containers.
  if (!std::getenv("OMPI_MCA_btl")) env.push_back("OMPI_MCA_btl=self,vader,tcp");
  if (!std::getenv("OMPI_MCA_btl_vader_single_copy_mechanism"))
    env.push_back("OMPI_MCA_btl_vader_single_copy_mechanism=none");
  return env;
}

std::vector<std::string> Runner::mpirun_argv(Mode mode, int world, const fs::path& dir) const {
  std::vector<std::string> argv{tools_.mpirun, "--oversubscribe", "-np", std::to_string(world)};
  const auto x = [&](const std::string& assignment) {
    argv.push_back("-x");
    argv.push_back(assignment);
  };
  if (mode != Mode::speed) {
    x("LD_PRELOAD=" + tools_.shim_lib.string());
    if (!dir.empty()) x("COLLSCOPE_GRADE_STATE_DIR=" + (dir / "state").string());
  }
  if (mode == Mode::sync) x("COLLSCOPE_GRADE_SYNC_SEND=1");
  return argv;
}

std::vector<std::string> Runner::reproduce_argv(const Case& c, Mode mode, int world,
                                                const fs::path& trace) const {
  std::vector<std::string> argv = mpirun_argv(mode, world, {});
  if (!trace.empty()) {
    argv.push_back("-x");
    argv.push_back("COLLSCOPE_TRACE=" + trace.string());
  }
  argv.push_back(binary_.string());
  argv.push_back("--case");
  argv.push_back(case_spec(c));
  return argv;
}

std::string Runner::reproduce_command(const Case& c, Mode mode, int world,
                                      const fs::path& trace) const {
  std::string command =
      geteuid() == 0 ? "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " : "";
  for (const std::string& word : reproduce_argv(c, mode, world, trace))
    command += shell_quote(word) + " ";
  command.pop_back();
  return command;
}

SweepResult Runner::run(const std::string& name, const std::vector<Case>& cases, Mode mode,
                        const ProgressFn& progress) const {
  SweepResult result;
  std::map<int, CaseRecord*> records;
  if (mode == Mode::speed) {
    for (const Case& c : cases) {
      TimingRecord t;
      t.c = c;
      result.timings.push_back(t);
    }
  } else {
    for (const Case& c : cases) {
      CaseRecord r;
      r.c = c;
      result.cases.push_back(r);
    }
    for (CaseRecord& r : result.cases) records[r.c.id] = &r;
  }
  const int world = world_of(cases);
  std::vector<Case> remaining = cases;
  int finished_before = 0;
  // A hang costs the stall time, a crash next to nothing: hangs end the sweep after
  // max_attempts runs, crashes after three times as many.
  // Two runs in a row that finish no case not finished before end the sweep as well.
  int hangs = 0, stale = 0;
  std::set<int> ever_finished;
  for (int attempt = 1; attempt <= 3 * ex_.limits.max_attempts && hangs < ex_.limits.max_attempts &&
                        !remaining.empty();
       ++attempt) {
    const fs::path dir = out_ / "runs" / (name + "-" + std::to_string(attempt));
    fs::remove_all(dir);
    fs::create_directories(dir / "state");
    write_plan(dir / "plan.txt", remaining);
    std::vector<std::string> argv = mpirun_argv(mode, world, dir);
    if (mode == Mode::main)
      argv.insert(argv.end(), {"-x", "COLLSCOPE_TRACE=" + (dir / "trace").string()});
    argv.insert(argv.end(), {binary_.string(), "--plan", (dir / "plan.txt").string(), "--log",
                             (dir / "log.txt").string()});
    RunLimits limits;
    limits.wall_seconds = ex_.limits.run_seconds;
    limits.stall_seconds = ex_.limits.case_seconds;
    limits.watch_file = (dir / "log.txt").string();
    limits.memory_bytes = ex_.limits.memory_mb << 20;
    limits.output_bytes = ex_.limits.output_kb << 10;
    std::string blocked;
    const RunResult run = run_process(
        argv, environment(), limits,
        [&] {
          if (progress)
            progress(finished_before + static_cast<int>(count_lines(dir / "log.txt", "case") +
                                                        count_lines(dir / "log.txt", "time")));
        },
        [&] { blocked = describe_blocked(dir / "state", mode == Mode::sync); });
    std::ofstream(dir / "output.txt") << run.output;
    const LogState log = read_log(dir / "log.txt", records, &result.timings, dir);
    const bool clean = log.done && run.exit_code == 0 && run.stop == RunResult::Stop::none;
    if (mode == Mode::main && fs::exists(dir / "trace" / "traces.otf2")) {
      try {
        const std::map<int, Metrics> metrics = trace_metrics(dir / "trace");
        for (const int id : log.finished)
          if (const auto m = metrics.find(id); m != metrics.end() && records.count(id)) {
            records[id]->metrics = m->second;
            records[id]->trace = dir / "trace";
          }
      } catch (const model::TraceError& error) {
        result.notes.push_back(std::string("trace of ") + dir.filename().string() + ": " +
                               error.what());
      }
    }
    if (clean) break;
    std::string incomplete;
    std::getline(std::ifstream(dir / "trace.partial" / "INCOMPLETE"), incomplete);
    const Failure failure =
        classify(run, blocked, incomplete, limits.stall_seconds, limits.wall_seconds,
                 ex_.limits.memory_mb, ex_.limits.output_kb);
    result.notes.push_back("run " + dir.filename().string() + " ended early: " + failure.what);
    const auto next = std::find_if(remaining.begin(), remaining.end(),
                                   [&](const Case& c) { return c.id == log.in_flight; });
    if (!log.ready || next == remaining.end()) {
      // Nothing to blame on one case: the program failed at start-up or shut-down.
      for (const Case& c : remaining)
        if (auto it = records.find(c.id);
            it != records.end() && it->second->outcome == Outcome::not_run) {
          it->second->outcome = failure.outcome;
          it->second->detail =
              (log.ready ? "" : "the program failed before its first case: ") + failure.what;
          it->second->run_dir = dir;
        }
      if (mode == Mode::speed) result.failure = failure;
      break;
    }
    hangs += failure.outcome == Outcome::hung;
    const std::size_t before = ever_finished.size();
    ever_finished.insert(log.finished.begin(), log.finished.end());
    stale = ever_finished.size() > before ? 0 : stale + 1;
    const Case culprit = *next;
    if (auto it = records.find(culprit.id); it != records.end()) {
      it->second->outcome = failure.outcome;
      it->second->detail = failure.what;
      it->second->run_dir = dir;
    }
    if (mode == Mode::speed) result.failure = failure;
    // Cases of the same shape would most likely end the next run the same way: they are
    // skipped, so that the next runs cover other shapes. A traced sweep runs its finished
    // cases again, for their trace.
    const auto same_shape = [&](const Case& c) {
      return c.p == culprit.p && c.count == culprit.count && c.dtype == culprit.dtype;
    };
    const std::set<int> finished(log.finished.begin(), log.finished.end());
    std::vector<Case> again;
    for (auto c = remaining.begin(); c != remaining.end(); ++c) {
      const bool done = finished.count(c->id) != 0;
      if (c->id == culprit.id || (done && mode != Mode::main)) continue;
      if (!done && same_shape(*c) && mode != Mode::speed) {
        if (auto it = records.find(c->id); it != records.end()) {
          it->second->detail = "skipped: case " + std::to_string(culprit.id) +
                               " of the same p, count and datatype ended its run (" +
                               to_string(failure.outcome) + ")";
          it->second->run_dir = dir;
        }
        continue;
      }
      again.push_back(*c);
    }
    if (mode != Mode::main) finished_before += static_cast<int>(finished.size()) + 1;
    remaining = again;
    if (stale >= 2) break;
  }
  for (CaseRecord& r : result.cases)
    if (r.outcome == Outcome::not_run && r.detail.empty())
      r.detail = "the sweep's runs kept ending early (see the notes)";
  return result;
}

} // namespace collscope::grade
