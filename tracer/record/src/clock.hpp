// The tracer's clock: CLOCK_MONOTONIC in nanoseconds (tracer/README.md, "Clock").
// All ranks of one machine share it, so their timestamps compare without synchronisation.
#pragma once

#include <cstdint>
#include <ctime>

namespace collscope::rec {

inline std::uint64_t now() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

/// CLOCK_REALTIME minus CLOCK_MONOTONIC, in nanoseconds: turns a trace timestamp into a
/// wall-clock time for OTF2's ClockProperties.
inline std::int64_t realtime_offset() {
  timespec real{};
  clock_gettime(CLOCK_REALTIME, &real);
  const std::uint64_t mono = now();
  const std::uint64_t wall = static_cast<std::uint64_t>(real.tv_sec) * 1000000000u +
                             static_cast<std::uint64_t>(real.tv_nsec);
  return static_cast<std::int64_t>(wall - mono);
}

} // namespace collscope::rec
