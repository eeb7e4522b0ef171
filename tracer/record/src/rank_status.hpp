// What each traced rank shows the `collscope-trace record` watchdog while it runs: a 16-byte
// record in DIR.partial/status/rank-R, mapped shared, written with plain stores on the
// program's path (no system call) and read by the watchdog every second. A rank that stops
// completing MPI calls while inside one is blocked in that call.
#pragma once

#include <cstdint>

namespace collscope::rec {

struct RankStatus {
  std::uint64_t done; // recorded MPI calls completed so far
  std::uint16_t call; // MpiRegion of the call in progress, or no_status_call
  std::uint16_t reserved[3];
};
static_assert(sizeof(RankStatus) == 16);

inline constexpr std::uint16_t no_status_call = 0xffff;
inline constexpr const char* status_dir = "status"; // inside DIR.partial

} // namespace collscope::rec
