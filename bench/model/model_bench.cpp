// How fast the trace model loads and analyses a big trace, and how much memory it needs; and
// how long ViTE takes on the same file, measured in the same run. Prints figures; never fails.
//   collscope-bench-model [--messages N] [--ranks P] [--keep DIR] [--trace DIR] [--vite]
#include "collscope/cli/command.hpp"
#include "collscope/cli/numbers.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/calls.hpp"
#include "collscope/model/critical_path.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/nodes.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/volume.hpp"
#include "collscope/model/waiting.hpp"
#include "synthetic_trace.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace collscope;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;
namespace cli = collscope::cli;

namespace {

double seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

// The process's peak resident memory so far, in MB (VmHWM).
double peak_mb() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("VmHWM:")) return std::atof(line.c_str() + 6) / 1024.0;
  return 0;
}

// CPU seconds of this process: on a machine shared by many builds the wall clock mostly
// measures the others; CPU time is what the work itself costs.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct Cost {
  double wall = 0, cpu = 0;
  Cost& operator+=(const Cost& o) {
    wall += o.wall;
    cpu += o.cpu;
    return *this;
  }
};

template <class F> Cost timed(const char* what, F&& f) {
  const auto start = Clock::now();
  const double cpu = cpu_seconds();
  f();
  const Cost c{seconds(start), cpu_seconds() - cpu};
  std::printf("  %-40s %8.2f s wall %8.2f s CPU\n", what, c.wall, c.cpu);
  return c;
}

struct ViteRun {
  double wall = -1, cpu = 0, peak_mb = 0;
  int status = -1;
};

// ViTE loading the archive headless: it parses the whole trace and writes an SVG of it
// (`vite ANCHOR -e OUT.svg`, offscreen Qt platform; ViTE 1.2 takes the file as its first
// argument and rejects -f), under a time limit. Wall time, the child's CPU time and its exit
// status; wall < 0 if it could not be started.
ViteRun vite(const fs::path& anchor, const fs::path& svg, int limit_s) {
  const auto start = Clock::now();
  std::fflush(stdout); // the child must not write what this process has buffered
  const pid_t child = fork();
  if (child == 0) {
    setenv("QT_QPA_PLATFORM", "offscreen", 1);
    const std::string limit = std::to_string(limit_s);
    if (std::freopen("/dev/null", "w", stdout) == nullptr ||
        std::freopen("/dev/null", "w", stderr) == nullptr)
      _exit(127);
    execlp("timeout", "timeout", limit.c_str(), "vite", anchor.c_str(), "-e", svg.c_str(),
           static_cast<char*>(nullptr));
    _exit(127);
  }
  if (child < 0) return {};
  int status = 0;
  rusage usage{};
  wait4(child, &status, 0, &usage);
  const auto secs = [](timeval t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
  };
  return {seconds(start), secs(usage.ru_utime) + secs(usage.ru_stime),
          static_cast<double>(usage.ru_maxrss) / 1024.0,
          WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

} // namespace

int main(int argc, char** argv) {
  bench::SyntheticShape shape;
  std::string keep, given;
  bool with_vite = false;
  const std::string program = cli::command_name(argv[0], "collscope-bench-model");
  CLI::App app{
      "How fast the trace model loads and analyses a big trace (a synthetic one unless --trace),\n"
      "and how much memory it needs; and how long ViTE takes on the same file, measured in\n"
      "the same run. Prints figures; never fails on them.",
      program};
  cli::conventions(app, "bench-model");
  app.footer("Exit status: 0 measured (figures only: never 1); 2 a usage error.");
  app.add_option_function<std::string>(
         "--messages",
         [&shape](const std::string& v) {
           shape.messages = cli::whole_value<std::uint64_t>("--messages", v, 1);
         },
         "messages in the synthetic trace (default 1000000)")
      ->type_name("N");
  app.add_option_function<std::string>(
         "--ranks",
         [&shape](const std::string& v) { shape.ranks = cli::whole_value<int>("--ranks", v, 2); },
         "its ranks (default 256)")
      ->type_name("P");
  app.add_option("--keep", keep, "write the synthetic trace into DIR and keep it")
      ->type_name("DIR");
  app.add_option("--trace", given, "measure this trace instead of a synthetic one")
      ->type_name("DIR");
  app.add_flag("--vite", with_vite, "also time ViTE on the same file");
  if (const auto status = cli::parse(app, argc, argv, program)) return *status;

  fs::path dir = given;
  if (given.empty()) {
    dir = keep.empty()
              ? fs::temp_directory_path() / ("collscope-bench-model-" + std::to_string(::getpid()))
              : fs::path(keep);
    fs::remove_all(dir);
    const auto start = Clock::now();
    const std::uint64_t messages = bench::writeSyntheticTrace(dir, shape);
    std::printf("synthetic trace: %llu messages on %d ranks, written in %.2f s to %s\n",
                static_cast<unsigned long long>(messages), shape.ranks, seconds(start),
                dir.c_str());
  }
  const double before = peak_mb();

  model::Trace trace;
  std::uint64_t reports = 0;
  const Cost load = timed("load_trace (read, match, check)", [&] {
    trace = model::load_trace(dir, [&](std::uint64_t, std::uint64_t) { return ++reports, true; });
  });
  const double after_load = peak_mb();
  Cost analyses;
  analyses += timed("volume", [&] { model::volume(trace); });
  analyses += timed("inferred rounds", [&] { model::inferred_rounds(trace); });
  analyses += timed("annotated rounds", [&] { model::annotated_rounds(trace); });
  analyses += timed("waiting times", [&] { model::waiting_times(trace); });
  analyses += timed("critical path", [&] { model::critical_path(trace); });
  analyses += timed("α-β replay", [&] { model::replay_alpha_beta(trace, {}); });
  // Beside the α-β replay in the same run: what the app's node rows add to a load (the k-lane
  // replay is the two-level one again on a trace without a node layout).
  const model::NodeLayout nodes =
      model::layout_ranks_per_node(static_cast<int>(trace.ranks.size()), 16);
  timed("two-level replay (16 ranks per node)", [&] {
    model::replay_two_level(trace, nodes, {{}, {}, 0, 1});
  });
  timed("k-lane replay (16 ranks per node, k = 2)", [&] {
    model::replay_two_level(trace, nodes, {{}, {}, 2, 1});
  });
  std::vector<model::Call> calls;
  timed("divide into calls", [&] { calls = model::divide_calls(trace); });
  if (!calls.empty()) {
    const auto largest =
        std::max_element(calls.begin(), calls.end(),
                         [](const auto& a, const auto& b) { return a.messages < b.messages; });
    timed("the largest call's own trace", [&] { model::call_trace(trace, *largest); });
    std::printf("  %zu calls, the largest with %d messages\n", calls.size(), largest->messages);
  }
  Cost all = load;
  all += analyses;
  std::printf("%-42s %8.2f s wall %8.2f s CPU  (%llu progress reports)\n", "model: load + analyses",
              all.wall, all.cpu, static_cast<unsigned long long>(reports));
  std::printf("%-42s %8.0f MB  (%.0f MB after load_trace, %.0f MB before; %zu messages)\n",
              "model: peak memory", peak_mb(), after_load, before, trace.messages.size());

  if (with_vite) {
    const fs::path svg =
        fs::temp_directory_path() / ("collscope-bench-vite-" + std::to_string(::getpid()) + ".svg");
    const ViteRun v = vite(dir / "traces.otf2", svg, 1800);
    if (v.wall < 0)
      std::printf("ViTE: could not be started\n");
    else
      std::printf("%-42s %8.2f s wall %8.2f s CPU  %.0f MB peak (exit %d%s)\n",
                  "ViTE: vite … -e out.svg", v.wall, v.cpu, v.peak_mb, v.status,
                  v.status == 124 ? ": stopped at the time limit" : "");
    if (v.wall > 0 && v.status == 0)
      std::printf("%-42s %8.1f× wall %8.1f× CPU\n", "ViTE / collscope model", v.wall / all.wall,
                  v.cpu / all.cpu);
    fs::remove(svg);
  }
  if (given.empty() && keep.empty()) fs::remove_all(dir);
  return 0;
}
