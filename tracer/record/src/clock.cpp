#include "clock.hpp"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace collscope::rec {

namespace {

bool invariant_counter() {
#if defined(__x86_64__)
  if (const char* choice = std::getenv("COLLSCOPE_TRACE_CLOCK"))
    if (std::strcmp(choice, "monotonic") == 0) return false;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("flags", 0) != 0) continue;
    const auto has = [&line](const char* flag) {
      return (" " + line + " ").find(std::string(" ") + flag + " ") != std::string::npos;
    };
    return has("constant_tsc") && has("nonstop_tsc");
  }
#endif
  return false;
}

} // namespace

void start_clock() {
  tick_clock = TickClock{};
  tick_clock.counter = invariant_counter();
}

} // namespace collscope::rec
