// The tracer's clock. Archives carry CLOCK_MONOTONIC nanoseconds (tracer/README.md, "Clock"):
// all ranks of one machine share that clock, so their timestamps compare without
// synchronisation.
//
// Reading CLOCK_MONOTONIC costs ~25 ns on a virtual machine, and a traced ping-pong reads it
// four times per round trip on its critical path. Where the kernel reports an invariant
// time-stamp counter (cpuinfo flags constant_tsc and nonstop_tsc) events are stamped with the
// counter instead (a few ns), and each rank converts its stamps to CLOCK_MONOTONIC when it
// hands its events over at MPI_Finalize, along the line through two (counter, monotonic)
// pairs read at the start and the end of the session. COLLSCOPE_TRACE_CLOCK=monotonic turns
// the counter off.
#pragma once

#include <cstdint>
#include <ctime>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace collscope::rec {

inline std::uint64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

struct TickClock {
  bool counter = false; ///< stamps are time-stamp-counter ticks, not nanoseconds
  std::uint64_t tick0 = 0, ns0 = 0;
  double ns_per_tick = 1.0;
};
inline TickClock tick_clock;

/// A timestamp for an event: counter ticks or monotonic nanoseconds (see to_ns).
inline std::uint64_t now() {
#if defined(__x86_64__)
  if (tick_clock.counter) return __rdtsc();
#endif
  return monotonic_ns();
}

/// Chooses the counter when it is invariant, and takes the first calibration pair.
void start_clock();
/// Takes the second calibration pair; stamps convert with to_ns from then on.
void finish_clock();

/// A stamp from now() in CLOCK_MONOTONIC nanoseconds.
inline std::uint64_t to_ns(std::uint64_t stamp) {
  if (!tick_clock.counter) return stamp;
  const double ticks = static_cast<double>(static_cast<std::int64_t>(stamp - tick_clock.tick0));
  return tick_clock.ns0 +
         static_cast<std::uint64_t>(static_cast<std::int64_t>(ticks * tick_clock.ns_per_tick));
}

/// CLOCK_REALTIME minus CLOCK_MONOTONIC, in nanoseconds: turns a trace timestamp into a
/// wall-clock time for OTF2's ClockProperties.
inline std::int64_t realtime_offset() {
  timespec real{};
  clock_gettime(CLOCK_REALTIME, &real);
  const std::uint64_t mono = monotonic_ns();
  const std::uint64_t wall = static_cast<std::uint64_t>(real.tv_sec) * 1000000000u +
                             static_cast<std::uint64_t>(real.tv_nsec);
  return static_cast<std::int64_t>(wall - mono);
}

} // namespace collscope::rec
