// The tracer's clock. Archives carry CLOCK_MONOTONIC nanoseconds (tracer/README.md, "Clock"):
// all ranks of one machine share that clock, so their timestamps compare without
// synchronisation.
//
// Reading CLOCK_MONOTONIC costs ~25 ns on a virtual machine, and a traced ping-pong reads it
// four times per round trip on its critical path. Where the kernel reports an invariant
// time-stamp counter (cpuinfo flags constant_tsc and nonstop_tsc) events are stamped with the
// counter instead (a few ns). Each spill of the event buffer carries a (counter, monotonic)
// pair (Kind::Clock), and the archive writer converts stamps to CLOCK_MONOTONIC along the line
// through the first and the last pair (rank_input.hpp), also for a rank that died.
// COLLSCOPE_TRACE_CLOCK=monotonic turns the counter off.
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
};
inline TickClock tick_clock;

/// A timestamp for an event: counter ticks or monotonic nanoseconds.
inline std::uint64_t now() {
#if defined(__x86_64__)
  if (tick_clock.counter) return __rdtsc();
#endif
  return monotonic_ns();
}

/// Chooses the counter when it is invariant.
void start_clock();

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
