// Every non-native algorithm of the registry, recorded by make_traces.sh at several p and
// roots, resembles itself: exactly where its schedule is fixed by (p, root, M) — the patterns of
// schedule/patterns.hpp — and by its annotation otherwise (tracer/model/README.md,
// "Resemblance").
#define CATCH_CONFIG_MAIN // before recorded_trace.hpp includes catch.hpp
#include "collscope/model/calls.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/resemblance.hpp"
#include "collscope/schedule/patterns.hpp"
#include "recorded_trace.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace collscope;
namespace fs = std::filesystem;

namespace {

struct Recorded {
  std::string collective, algorithm;
  int p = 0;
  int root = model::no_index;
  fs::path path;
};

// COLLECTIVE~ALGORITHM~pP~rR, as make_traces.sh names the runs in recorded.tsv
std::vector<Recorded> recorded(const fs::path& dir) {
  std::vector<Recorded> all;
  for (const std::string& name : testing::recorded_names(dir)) {
    std::vector<std::string> parts;
    for (std::size_t at = 0, next = 0; next != std::string::npos; at = next + 1) {
      next = name.find('~', at);
      parts.push_back(name.substr(at, next == std::string::npos ? next : next - at));
    }
    if (parts.size() != 4) continue;
    Recorded r{parts[0], parts[1], std::stoi(parts[2].substr(1)), model::no_index, name};
    if (parts[3] != "r-") r.root = std::stoi(parts[3].substr(1));
    all.push_back(r);
  }
  std::sort(all.begin(), all.end(), [](const Recorded& a, const Recorded& b) {
    return a.path.filename() < b.path.filename();
  });
  return all;
}

} // namespace

TEST_CASE("resemblance: every algorithm of the registry, traced, resembles itself") {
  const char* dir = std::getenv("COLLSCOPE_TEST_TRACES");
  REQUIRE(dir != nullptr);
  const auto runs = recorded(dir);
  // make_traces.sh records each algorithm of its list at one process count at least (all
  // three of p = 5, 6, 8 under COLLSCOPE_TEST_EXHAUSTIVE=1).
  std::ifstream list(fs::path(dir) / "algorithms.txt");
  std::set<std::pair<std::string, std::string>> algorithms, traced;
  for (std::string collective, name, rest; list >> collective >> name && std::getline(list, rest);)
    algorithms.emplace(collective, name);
  for (const Recorded& run : runs) traced.emplace(run.collective, run.algorithm);
  REQUIRE(algorithms.size() > 40);
  CHECK(traced == algorithms);
  int exact = 0, by_name = 0;
  double slowest_ms = 0, total_ms = 0;
  int calls_timed = 0;
  for (const Recorded& run : runs) {
    CAPTURE(run.path.filename().string());
    const model::Trace t = testing::load_recorded(dir, run.path.string());
    const auto calls = model::divide_calls(t);
    int seen = 0;
    for (const model::Call& call : calls) {
      if (call.kind != model::CallKind::algorithm || call.parent != model::no_index) continue;
      ++seen;
      CHECK(call.collective == run.collective);
      CHECK(call.algorithm == run.algorithm);
      const model::Trace own = model::call_trace(t, call);
      const auto start = std::chrono::steady_clock::now();
      const model::Resemblance r = model::resemble(own, call);
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count();
      slowest_ms = std::max(slowest_ms, ms);
      total_ms += ms;
      ++calls_timed;
      CAPTURE(r.words);
      CHECK(r.collective == run.collective);
      CHECK(r.algorithm == run.algorithm);
      CHECK(r.p == run.p);
      if (run.root != model::no_index) CHECK(r.root == run.root);
      const bool fixed = schedule::find_pattern(run.collective, run.algorithm) != nullptr;
      if (fixed) {
        CHECK(r.exact);
        CHECK(r.rounds == r.expected_rounds);
        ++exact;
      } else {
        CHECK_FALSE(r.exact);
        ++by_name;
      }
      CHECK(r.count > 0);
      if (std::getenv("COLLSCOPE_PRINT_RESEMBLANCE"))
        std::printf("%s: %s%s\n", run.path.filename().c_str(), r.exact ? "exact: " : "",
                    r.words.c_str());
    }
    CHECK(seen == 1); // one repetition, no warm-up
  }
  std::printf("%zu traces: %d exact, %d by name; resemble() %.3f ms per call on average, "
              "%.3f ms at most\n",
              runs.size(), exact, by_name, total_ms / std::max(1, calls_timed), slowest_ms);
}

TEST_CASE("resemblance: a plain C program's hand-written collectives at p = 6") {
  const char* dir = std::getenv("COLLSCOPE_TEST_TRACES");
  REQUIRE(dir != nullptr);
  const model::Trace t = model::load_trace((fs::path(dir) / "plain").string());
  const auto calls = model::divide_calls(t);
  std::vector<model::Resemblance> phases;
  for (const model::Call& call : calls)
    if (call.kind == model::CallKind::phase && call.messages > 0)
      phases.push_back(model::resemble(model::call_trace(t, call), call));
  REQUIRE(phases.size() == 3);
  for (const auto& r : phases) std::printf("plain program: %s\n", r.words.c_str());

  const model::Resemblance& bcast = phases[0]; // MPICH's loop: the pre-order binomial tree
  CAPTURE(bcast.words);
  CHECK(bcast.collective == "bcast");
  CHECK(bcast.algorithm.starts_with("binomial"));
  CHECK(bcast.exact);
  CHECK(bcast.root == 2);
  CHECK(bcast.p == 6);
  CHECK(bcast.rounds == 3); // ⌈log₂6⌉, numbered 0, 1, 2
  CHECK(bcast.count == 100);

  const model::Resemblance& gather = phases[1];
  CAPTURE(gather.words);
  CHECK(gather.collective == "gather");
  CHECK(gather.algorithm == "linear");
  CHECK(gather.exact);
  CHECK(gather.root == 0);
  CHECK(gather.rounds == 5);
  CHECK(gather.count == 2);

  const model::Resemblance& heap = phases[2];
  CAPTURE(heap.words);
  CHECK(heap.collective == "bcast");
  CHECK(heap.algorithm == "binary-pipeline");
  CHECK(heap.blocks == 1);
  CHECK(heap.rounds == 3);
  CHECK(heap.words.find("heap order") != std::string::npos);
}
