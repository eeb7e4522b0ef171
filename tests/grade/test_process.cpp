// Children under limits: whatever they do, run_process returns, within its limits, and leaves
// no process of theirs behind.
#include "process.hpp"

#include <catch2/catch.hpp>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace collscope::grade;
namespace fs = std::filesystem;

TEST_CASE("exit status and output pass through", "[process]") {
  RunLimits limits;
  limits.wall_seconds = 20;
  const RunResult r = run_process({"sh", "-c", "echo out; echo err >&2; exit 3"}, {"X=1"}, limits);
  CHECK(r.stop == RunResult::Stop::none);
  CHECK(r.exit_code == 3);
  CHECK(r.output.find("out") != std::string::npos);
  CHECK(r.output.find("err") != std::string::npos);
  CHECK(run_process({"sh", "-c", "test \"$X\" = 1"}, {"X=1"}, limits).exit_code == 0);
  const RunResult missing = run_process({"/no/such/program"}, {}, limits);
  CHECK_FALSE(missing.started);
}

namespace {
/// Gone, or a zombie nobody reaps (PID 1 of a container may not).
bool gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return true;
  const std::size_t close = text.rfind(')');
  return close != std::string::npos && text.size() > close + 2 && text[close + 2] == 'Z';
}
} // namespace

TEST_CASE("a child that runs too long is stopped with everything it started", "[process]") {
  RunLimits limits;
  limits.wall_seconds = 1;
  // The spawner puts its child in a process group of its own, as mpirun does with its ranks:
  // killing the spawner's group would miss it, killing its session does not.
  const char* spawner = std::getenv("COLLSCOPE_GRADE_SPAWNER");
  REQUIRE(spawner != nullptr);
  const fs::path pid_file = fs::temp_directory_path() / "collscope-grade-grandchild";
  fs::remove(pid_file);
  const RunResult r = run_process({spawner, pid_file.string()}, {}, limits);
  CHECK(r.stop == RunResult::Stop::wall);
  pid_t grandchild = 0;
  std::ifstream(pid_file) >> grandchild;
  REQUIRE(grandchild > 0);
  CHECK(gone(grandchild));
  fs::remove(pid_file);
}

TEST_CASE("a child that stops appending to its log is stopped as stalled", "[process]") {
  const fs::path log = fs::temp_directory_path() / "collscope-grade-stall.log";
  fs::remove(log);
  RunLimits limits;
  limits.wall_seconds = 30;
  limits.stall_seconds = 1;
  limits.startup_seconds = 5;
  limits.watch_file = log.string();
  const std::string script =
      "for i in 1 2 3; do echo $i >> " + log.string() + "; sleep 0.3; done; sleep 300";
  bool before_stop = false;
  const RunResult r =
      run_process({"sh", "-c", script}, {}, limits, {}, [&] { before_stop = true; });
  CHECK(r.stop == RunResult::Stop::stall);
  CHECK(before_stop);
  fs::remove(log);
}

TEST_CASE("a child the caller says cannot go on is stopped at once, not at the stall limit",
          "[process]") {
  const fs::path flag = fs::temp_directory_path() / "collscope-grade-cannot-go-on";
  fs::remove(flag);
  RunLimits limits;
  limits.wall_seconds = 30;
  limits.stall_seconds = 20;
  // The child marks that it cannot go on (as a rank's state says MPI was finalized inside the
  // graded function), then would wait for ever.
  const std::string script = "sleep 0.3; : > " + flag.string() + "; sleep 300";
  bool before_stop = false;
  const RunResult r = run_process(
      {"sh", "-c", script}, {}, limits, {}, [&] { before_stop = true; },
      [&] { return fs::exists(flag); });
  CHECK(r.stop == RunResult::Stop::asked);
  CHECK(before_stop);
  CHECK(r.seconds < 5);
  // Nothing asked: the same child runs on until its own limit.
  fs::remove(flag);
  limits.wall_seconds = 1;
  CHECK(run_process({"sh", "-c", "sleep 300"}, {}, limits, {}, {}, [] { return false; }).stop ==
        RunResult::Stop::wall);
  fs::remove(flag);
}

TEST_CASE("a run whose launcher's children are gone is stopped, not left to its limit",
          "[process]") {
  // As mpirun whose ranks have exited while a daemon one of them started holds their output
  // open: the launcher (sh) had a child, then waits with none (on a FIFO no one opens), while
  // a process outside its tree (the sleep the root started beside it) lives on.
  const fs::path fifo = fs::temp_directory_path() / "collscope-grade-orphan-fifo";
  fs::remove(fifo);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  RunLimits limits;
  limits.wall_seconds = 30;
  limits.launcher = "sh";
  const std::string launcher = "sh -c 'sleep 1; read x < " + fifo.string() + "'";
  const RunResult r = run_process({"bash", "-c", launcher + " & sleep 300 & wait"}, {}, limits);
  CHECK(r.stop == RunResult::Stop::orphaned);
  CHECK(r.seconds < 5);
  // While the launcher has a child, it runs on: a run of 2 s ends by itself.
  const RunResult busy = run_process({"bash", "-c", "sh -c 'sleep 2; true'"}, {}, limits);
  CHECK(busy.stop == RunResult::Stop::none);
  CHECK(busy.exit_code == 0);
  // A launcher without children but nothing else alive is only slow to end: left alone.
  limits.wall_seconds = 3;
  CHECK(run_process({"bash", "-c", launcher}, {}, limits).stop == RunResult::Stop::wall);
  // Without a launcher named, the daemon case too runs to its own limit.
  limits.launcher.clear();
  limits.wall_seconds = 2;
  CHECK(run_process({"bash", "-c", launcher + " & sleep 300 & wait"}, {}, limits).stop ==
        RunResult::Stop::wall);
  fs::remove(fifo);
}

TEST_CASE("a flood of output is cut and stopped; the tail is kept", "[process]") {
  RunLimits limits;
  limits.wall_seconds = 30;
  limits.output_bytes = 200000;
  const RunResult r = run_process({"sh", "-c", "while :; do echo flooding; done"}, {}, limits);
  CHECK(r.stop == RunResult::Stop::flood);
  CHECK(r.output_total > 200000);
  CHECK(r.output.size() < 100000);
  CHECK(r.output.find("output cut") != std::string::npos);
}

TEST_CASE("a memory limit applies to the child", "[process]") {
  RunLimits limits;
  limits.wall_seconds = 30;
  limits.memory_bytes = 64LL << 20;
  const RunResult r = run_process({"sh", "-c", "ulimit -d"}, {}, limits);
  CHECK(r.output.find("65536") != std::string::npos);
}
