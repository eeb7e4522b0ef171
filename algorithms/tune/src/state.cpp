#include "state.hpp"

#include "collscope/tune/profiles.hpp"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

namespace collscope::tune {

namespace {

thread_local int depth = 0;

struct Counts {
  std::mutex mutex;
  Tally tally;
};
Counts& counts() {
  static Counts c;
  return c;
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
  if (const char* text = std::getenv("COLLSCOPE_TUNE"); text != nullptr) {
    std::vector<std::string> errors;
    parse_settings(text, s.config, errors);
    if (s.rank == 0)
      for (const std::string& e : errors)
        std::fprintf(stderr, "collscope-tune: COLLSCOPE_TUNE: %s\n", e.c_str());
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

void count(const TallyKey& key) {
  Counts& all = counts();
  const std::lock_guard lock(all.mutex);
  ++all.tally[key];
}

Tally tally() {
  Counts& all = counts();
  const std::lock_guard lock(all.mutex);
  return all.tally;
}

} // namespace collscope::tune
