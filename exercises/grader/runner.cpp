#include "runner.hpp"

#include "collscope/model/load_trace.hpp"
#include "patterns.hpp"
#include "run_log.hpp"
#include "sweep.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace collscope::grade {

namespace {

/// How long every rank must stay blocked, no call able to match another, before a run is
/// stopped as deadlocked (DeadlockWatch): far above a scheduling delay on loaded cores.
constexpr double certain_deadlock_seconds = 1;

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string shell_quote(const std::string& word) {
  if (word.find_first_of(" \t'\"$\\;&|<>()*?") == std::string::npos) return word;
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// The run's secret, readable by the sandbox's user only (rank 0 deletes it at once).
void write_key(const fs::path& file, const signature::Key& key, const Sandbox& sandbox) {
  std::ofstream(file) << signature::key_text(key) << "\n";
  ::chmod(file.c_str(), 0600);
  if (sandbox.enabled && sandbox.uid >= 0) [[maybe_unused]]
    const int rc =
        ::chown(file.c_str(), static_cast<uid_t>(sandbox.uid), static_cast<gid_t>(sandbox.gid));
}

/// Moves a finished run's scratch folder (sanitized first) to where the reports point.
void keep_scratch(const fs::path& scratch, const fs::path& dir) {
  sanitize(scratch);
  fs::remove_all(dir);
  fs::create_directories(dir.parent_path());
  move_folder(scratch, dir);
}

/// A case whose verdict the log gives as right although its trace holds no message between
/// ranks: with p ≥ 2 and count > 0 every collective here must move data, so the result came
/// from somewhere the trace cannot see (PMPI, shared memory) or the verdict was forged.
void cross_check(CaseRecord& r) {
  if (r.outcome != Outcome::ok || r.c.p < 2 || r.c.count == 0 || !r.metrics) return;
  if (r.metrics->messages > 0 || !r.metrics->collectives.empty() || r.banned != "-") return;
  r.outcome = Outcome::wrong;
  r.detail = "the harness found the buffers right, but the trace of this call shows no message "
             "between ranks: the data moved by a way the trace cannot see (PMPI, shared "
             "memory, files) — not accepted";
}

} // namespace

int world_for(int p) {
  return p + 1;
}

fs::path run_folder(const fs::path& out, const std::string& name, int p, int attempt) {
  return out / "runs" / (name + "-p" + std::to_string(p) + "-" + std::to_string(attempt));
}

std::vector<std::string> Runner::environment() const {
  std::vector<std::string> env{"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
                               "OMPI_MCA_rmaps_base_oversubscribe=1"};
  // As scripts/mpi-env: loopback-only machines, no ptrace-based single copy in containers.
  if (!std::getenv("OMPI_MCA_btl")) env.push_back("OMPI_MCA_btl=self,vader,tcp");
  if (!std::getenv("OMPI_MCA_btl_vader_single_copy_mechanism"))
    env.push_back("OMPI_MCA_btl_vader_single_copy_mechanism=none");
  // A rank that crashes or aborts ends its run: mpirun then sends the others SIGTERM and by
  // default waits 1 s before SIGKILL, for each such run (up to 2 × max_attempts a process
  // count). What the verdict reads is written by the failing rank itself (its tracer's note of
  // the signal, MPI_Abort's message), not by the ranks mpirun stops.
  env.push_back("OMPI_MCA_odls_base_sigkill_timeout=0");
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
    if (!dir.empty()) x("COLLSCOPE_GRADE_STATE_DIR=" + dir.string());
    // A submission's rounds and bytes are its own messages: a native collective it calls is
    // judged by no_collectives, not also by the messages Open MPI sends inside it.
    x("COLLSCOPE_TRACE_INSIDE=off");
  }
  if (mode == Mode::sync) x("COLLSCOPE_GRADE_SYNC_SEND=1");
  return argv;
}

std::string Runner::reproduce_command(const Case& c, Mode mode, const fs::path& trace) const {
  // The tracer makes the trace's folder, not its parents: only the first failure of a check is
  // reproduced by the grader (which makes cases/case-ID), the others' folders do not exist yet.
  std::string command =
      trace.empty() ? "" : "mkdir -p " + shell_quote(trace.parent_path().string()) + " && ";
  if (geteuid() == 0) command += "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 ";
  // Only the synchronous-send check needs the preloaded library; a wrong result, a crash or
  // a bound reproduces without it (Mode::speed's mpirun preloads nothing).
  std::vector<std::string> argv = mpirun_argv(mode == Mode::sync ? mode : Mode::speed,
                                              mode == Mode::speed ? c.p : world_for(c.p), {});
  if (!trace.empty()) argv.insert(argv.end(), {"-x", "COLLSCOPE_TRACE=" + trace.string()});
  argv.insert(argv.end(), {binary_.string(), "--case", case_spec(c)});
  for (const std::string& word : argv) command += shell_quote(word) + " ";
  command.pop_back();
  return command;
}

void Runner::reproduce(const Case& c, Mode mode, const fs::path& dir) const {
  const fs::path scratch = staging_.scratch(dir.filename().string());
  sandbox_.prepare(scratch);
  std::vector<std::string> argv = mpirun_argv(mode, world_for(c.p), {});
  argv.insert(argv.end(), {"-x", "COLLSCOPE_TRACE=" + (scratch / "trace").string(),
                           runnable_.string(), "--case", case_spec(c)});
  RunLimits limits;
  limits.wall_seconds = ex_.limits.case_seconds * 2 + 10;
  limits.memory_bytes = ex_.limits.memory_mb << 20;
  limits.output_bytes = ex_.limits.output_kb << 10;
  limits.uid = sandbox_.uid;
  limits.gid = sandbox_.gid;
  limits.workdir = scratch.string();
  limits.launcher = fs::path(tools_.mpirun).filename().string();
  const Sandbox::Command command = sandbox_.wrap(argv, environment(), scratch);
  const RunResult run = run_process(command.argv, command.environment, limits);
  keep_scratch(scratch, dir);
  std::ofstream(dir / "output.txt") << run.output;
}

SweepResult Runner::run(const std::string& name, const std::vector<Case>& cases, Mode mode,
                        const ProgressFn& progress) const {
  SweepResult result;
  std::map<int, CaseRecord*> records;
  for (const Case& c : cases) {
    if (mode == Mode::speed) {
      TimingRecord t;
      t.c = c;
      result.timings.push_back(t);
    } else {
      CaseRecord r;
      r.c = c;
      result.cases.push_back(r);
    }
  }
  for (CaseRecord& r : result.cases) records[r.c.id] = &r;
  // One time budget for the whole sweep: a submission that hangs everywhere costs it once.
  const double deadline = now_seconds() + ex_.limits.run_seconds;
  std::map<int, std::vector<Case>> groups;
  // The test suite's smoke sample runs every process count in one mpirun (key 0).
  for (const Case& c : cases) groups[ex_.smoke && mode != Mode::speed ? 0 : c.p].push_back(c);
  int finished_before = 0;
  // Process counts (p ≥ 2) whose runs all ended early without a single right case: after two
  // of them in a sweep with no right case at p ≥ 2 anywhere, the rest would go the same way.
  std::vector<int> lost;
  for (const auto& [p, group] : groups) {
    const bool any_right =
        std::any_of(result.cases.begin(), result.cases.end(),
                    [](const CaseRecord& r) { return r.outcome == Outcome::ok && r.c.p > 1; });
    if (mode != Mode::speed && lost.size() >= 2 && !any_right) {
      std::string ps;
      for (const int q : lost) ps += (ps.empty() ? "" : ", ") + std::to_string(q);
      for (const Case& c : group)
        records[c.id]->detail =
            "the runs of p = " + ps + " all ended early without a right case, so the sweep stopped";
      continue;
    }
    const std::size_t before = result.notes.size();
    run_group(name, group, mode, deadline, result, records, finished_before, progress);
    const bool none_right = std::none_of(group.begin(), group.end(), [&](const Case& c) {
      return records.count(c.id) && records[c.id]->outcome == Outcome::ok;
    });
    if (result.notes.size() > before && none_right && p > 1) lost.push_back(p);
  }
  for (CaseRecord& r : result.cases)
    if (r.outcome == Outcome::not_run && r.detail.empty())
      r.detail = "the runs of p = " + std::to_string(r.c.p) + " kept ending early";
  return result;
}

void Runner::run_group(const std::string& name, const std::vector<Case>& cases, Mode mode,
                       double deadline, SweepResult& result, std::map<int, CaseRecord*>& records,
                       int& finished_before, const ProgressFn& progress) const {
  const int p = std::max_element(cases.begin(), cases.end(), [](const Case& a, const Case& b) {
                  return a.p < b.p;
                })->p; // one p, but for the smoke sample's single run
  const int world = mode == Mode::speed ? p : world_for(p);
  std::vector<Case> remaining = cases;
  int hangs = 0, ended = 0;
  const auto give_up = [&](const std::string& why) {
    for (const Case& c : remaining)
      if (auto it = records.find(c.id); it != records.end() && it->second->detail.empty())
        it->second->detail = why;
  };
  for (int attempt = 1; !remaining.empty(); ++attempt) {
    // A hang costs the stall time, a crash next to nothing: max_attempts hangs end the
    // process count, or twice as many runs ended otherwise.
    if (hangs >= ex_.limits.max_attempts || ended >= 2 * ex_.limits.max_attempts) {
      give_up(std::to_string(ended) + " runs of p = " + std::to_string(p) +
              " ended early, the most one process count may take");
      break;
    }
    const double left = deadline - now_seconds();
    if (left < 1) {
      give_up("the sweep's time limit of " + format_number(ex_.limits.run_seconds) + " s ran out");
      break;
    }
    const fs::path scratch = staging_.scratch(run_folder({}, name, p, attempt).filename().string());
    sandbox_.prepare(scratch);
    write_plan(scratch / "plan.txt", remaining);
    const signature::Key key = new_key();
    write_key(scratch / "key", key, sandbox_);
    std::vector<std::string> argv = mpirun_argv(mode, world, scratch);
    if (mode == Mode::main)
      argv.insert(argv.end(), {"-x", "COLLSCOPE_TRACE=" + (scratch / "trace").string()});
    argv.insert(argv.end(), {runnable_.string(), "--plan", (scratch / "plan.txt").string(), "--log",
                             (scratch / "log.txt").string(), "--key", (scratch / "key").string()});
    RunLimits limits;
    limits.wall_seconds = std::min(ex_.limits.run_seconds, left);
    limits.stall_seconds = ex_.limits.case_seconds;
    limits.watch_file = (scratch / "log.txt").string();
    limits.memory_bytes = ex_.limits.memory_mb << 20;
    limits.output_bytes = ex_.limits.output_kb << 10;
    limits.uid = sandbox_.uid;
    limits.gid = sandbox_.gid;
    limits.workdir = scratch.string();
    limits.launcher = fs::path(tools_.mpirun).filename().string();
    std::string blocked;
    // Every rank blocked where no call can match another: stopped after a second, not at the
    // stall limit (waiting longer cannot change the verdict).
    DeadlockWatch deadlock(scratch, world, certain_deadlock_seconds);
    const Sandbox::Command command = sandbox_.wrap(argv, environment(), scratch);
    const RunResult run = run_process(
        command.argv, command.environment, limits,
        [&] {
          if (progress)
            progress(finished_before + static_cast<int>(count_lines(scratch / "log.txt", "case") +
                                                        count_lines(scratch / "log.txt", "time")));
        },
        [&] { blocked = describe_blocked(scratch, mode == Mode::sync); },
        // MPI finalized inside the function: the other ranks can only wait for the stall limit.
        [&] { return !finalized_inside(scratch, ex_.function).empty() || deadlock.deadlocked(); });
    // The sandbox is gone with every process of the run: now its folder can be read.
    const fs::path dir = run_folder(out_, name, p, attempt);
    keep_scratch(scratch, dir);
    std::ofstream(dir / "output.txt") << run.output;
    const LogState log = read_log(dir / "log.txt", key, records, &result.timings, dir);
    if (log.forged > 0) {
      result.forged_lines += log.forged;
      for (const std::string& s : log.samples)
        if (result.forged_samples.size() < 3) result.forged_samples.push_back(s);
    }
    bool clean = log.done && run.exit_code == 0 && run.stop == RunResult::Stop::none;
    if (log.done && !clean && run.stop != RunResult::Stop::flood) {
      // Every case has its verdict: what kept the run from ending (a process the submission
      // started, holding mpirun's output open) died with the sandbox and costs no case.
      result.notes.push_back(
          "run " + dir.filename().string() + " finished its cases, but " +
          (run.stop == RunResult::Stop::none
               ? "ended badly after the last one (exit status " + std::to_string(run.exit_code) +
                     ", signal " + std::to_string(run.signal) + ")"
           : run.stop == RunResult::Stop::orphaned
               ? "its ranks had exited while a process the submission started kept mpirun's "
                 "output open: it was stopped with its sandbox"
               : "did not end by itself (a process the submission started kept it alive): it "
                 "was stopped with its sandbox"));
      clean = true;
    }
    if (mode == Mode::main && fs::exists(dir / "trace" / "traces.otf2")) {
      try {
        const std::map<int, Metrics> metrics = trace_metrics(dir / "trace", ex_.alpha, ex_.beta);
        for (const int id : log.finished)
          if (const auto m = metrics.find(id); m != metrics.end() && records.count(id)) {
            records[id]->metrics = m->second;
            records[id]->trace = dir / "trace";
            cross_check(*records[id]);
          }
      } catch (const model::TraceError& error) {
        result.notes.push_back("trace of " + dir.filename().string() + ": " + error.what());
      }
    }
    if (clean) break;
    std::string incomplete =
        read_plain_file(dir / "trace.partial" / "INCOMPLETE", 400).value_or("");
    incomplete = incomplete.substr(0, incomplete.find('\n'));
    // INCOMPLETE holds the first rank's reason; a rank that died by a signal says so in its own
    // note, also when another rank wrote INCOMPLETE first.
    if (incomplete.find("killed by SIG") == std::string::npos ||
        incomplete.find("SIGTERM") != std::string::npos) {
      std::error_code ec;
      for (const auto& note : fs::directory_iterator(dir / "trace.partial" / "raw", ec)) {
        if (note.path().extension() != ".died") continue;
        const std::string died = read_plain_file(note.path(), 400).value_or("");
        if (died.find("killed by SIG") != std::string::npos &&
            died.find("SIGTERM") == std::string::npos) {
          incomplete = died.substr(0, died.find('\n'));
          break;
        }
      }
    }
    Failure failure = classify(run, blocked, incomplete, limits.stall_seconds, limits.wall_seconds,
                               ex_.limits.memory_mb, ex_.limits.output_kb);
    if (const std::string f = finalized_inside(dir, ex_.function); !f.empty())
      failure = {Outcome::crashed, f};
    else if (run.stop == RunResult::Stop::asked && deadlock.fired())
      failure = {Outcome::hung,
                 "hang: no progress for " + format_number(deadlock.seconds()) +
                     " s with every rank blocked in MPI and no call able to match another — " +
                     (blocked.empty() ? "deadlock" : blocked)};
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
    ++ended;
    hangs += failure.outcome == Outcome::hung;
    const Case culprit = *next;
    if (auto it = records.find(culprit.id); it != records.end()) {
      it->second->outcome = failure.outcome;
      it->second->detail = failure.what;
      it->second->run_dir = dir;
    }
    if (mode == Mode::speed) result.failure = failure;
    // Cases of the same shape would most likely end the next run the same way: they are
    // skipped, so that the next run covers the other shapes of this process count. A traced
    // sweep runs its finished cases again, for their trace.
    const auto same_shape = [&](const Case& c) {
      return c.count == culprit.count && c.dtype == culprit.dtype && c.op == culprit.op;
    };
    const std::set<int> finished(log.finished.begin(), log.finished.end());
    std::vector<Case> again;
    for (const Case& c : remaining) {
      const bool done = finished.count(c.id) != 0;
      if (c.id == culprit.id || (done && mode != Mode::main)) continue;
      if (!done && same_shape(c) && mode != Mode::speed) {
        if (auto it = records.find(c.id); it != records.end()) {
          it->second->detail = "case " + std::to_string(culprit.id) +
                               " of the same p, count and datatype ended its run (" +
                               to_string(failure.outcome) + ")";
          it->second->run_dir = dir;
        }
        continue;
      }
      again.push_back(c);
    }
    if (mode != Mode::main) finished_before += static_cast<int>(finished.size()) + 1;
    remaining = again;
  }
  if (mode == Mode::main) finished_before += static_cast<int>(cases.size());
}

} // namespace collscope::grade
