#include "state.hpp"

#include "profiles.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

namespace collscope::tune {

namespace {

thread_local int depth = 0;

struct Counts {
  std::mutex mutex;
  std::map<std::string, long long> runs;      ///< "bcast jia"
  std::map<std::string, long long> fallbacks; ///< "allreduce ring: non-commutative op"
};
Counts& counts() {
  static Counts c;
  return c;
}

std::string key(Collective c, const Algorithm& a) {
  return std::string(to_string(c)) + " " + std::string(a.name);
}

} // namespace

State& state() {
  static State s;
  return s;
}

void configure() {
  State& s = state();
  const char* report = std::getenv("COLLSCOPE_TUNE_REPORT");
  s.report = report != nullptr && std::string_view(report) == "1";
  const char* text = std::getenv("COLLSCOPE_TUNE");
  std::string error;
  if (text != nullptr && !parse_config(text, s.config, error)) {
    if (s.rank == 0)
      std::fprintf(stderr,
                   "collscope-tune: COLLSCOPE_TUNE: %s; using the MPI library's "
                   "collectives\n",
                   error.c_str());
    s.config = Config{};
    return;
  }
  if (const char* dir = std::getenv("COLLSCOPE_TUNE_PROFILES"); dir != nullptr && *dir) {
    std::vector<std::string> errors;
    read_profiles(dir, s.config, errors);
    if (s.rank == 0)
      for (const std::string& e : errors) std::fprintf(stderr, "collscope-tune: %s\n", e.c_str());
  }
  s.active = !s.config.empty();
}

Inside::Inside() {
  ++depth;
}
Inside::~Inside() {
  --depth;
}
bool Inside::now() {
  return depth > 0;
}

void count_run(Collective c, const Algorithm& algorithm) {
  Counts& all = counts();
  const std::lock_guard lock(all.mutex);
  ++all.runs[key(c, algorithm)];
}

void count_fallback(Collective c, const Algorithm& algorithm, std::string_view reason) {
  Counts& all = counts();
  const std::lock_guard lock(all.mutex);
  ++all.fallbacks[key(c, algorithm) + ": " + std::string(reason)];
}

void print_report() {
  const State& s = state();
  if (!s.report || s.rank != 0) return;
  Counts& all = counts();
  const std::lock_guard lock(all.mutex);
  for (const auto& [what, n] : all.runs)
    std::fprintf(stderr, "collscope-tune: rank 0 ran %s: %lld calls\n", what.c_str(), n);
  for (const auto& [what, n] : all.fallbacks)
    std::fprintf(stderr,
                 "collscope-tune: rank 0 fell back to the library instead of %s: %lld calls\n",
                 what.c_str(), n);
  if (all.runs.empty() && all.fallbacks.empty())
    std::fprintf(stderr, "collscope-tune: rank 0 ran no collective through collscope\n");
}

} // namespace collscope::tune
