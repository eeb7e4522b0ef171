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

/// A (counter, monotonic) pair read as close together as the two clocks allow.
void pair(std::uint64_t& tick, std::uint64_t& ns) {
#if defined(__x86_64__)
  const std::uint64_t before = __rdtsc();
  ns = monotonic_ns();
  tick = before + (__rdtsc() - before) / 2;
#else
  tick = ns = monotonic_ns();
#endif
}

} // namespace

void start_clock() {
  tick_clock = TickClock{};
  if (!invariant_counter()) return;
  pair(tick_clock.tick0, tick_clock.ns0);
  tick_clock.counter = true;
}

void finish_clock() {
  if (!tick_clock.counter) return;
  std::uint64_t tick1 = 0, ns1 = 0;
  pair(tick1, ns1);
  // A session shorter than the clocks' resolution gives no slope; assume the nominal rate.
  if (tick1 > tick_clock.tick0 + 1000 && ns1 > tick_clock.ns0)
    tick_clock.ns_per_tick =
        static_cast<double>(ns1 - tick_clock.ns0) / static_cast<double>(tick1 - tick_clock.tick0);
}

} // namespace collscope::rec
