// What each traced rank shows the `collscope-trace record` watchdog while it runs: a 48-byte
// record in DIR.partial/status/rank-R, mapped shared, written with plain stores on the
// program's path (no system call) and read by the watchdog every second. A rank that stops
// completing MPI calls while inside one is blocked in that call.
#pragma once

#include <cstdint>
#include <string>

namespace collscope::rec {

/// The end of a blocking receive whose events are not written yet (recorder.hpp,
/// defer_recv): kept here, in the shared record, so that a rank killed by SIGKILL before
/// writing them still leaves them (`collscope-trace record` adds them to its events).
struct DeferredRecv {
  std::uint64_t time;
  std::uint64_t bytes;
  std::uint32_t comm;
  std::int32_t source; // < 0: no message (MPI_PROC_NULL, or the call failed)
  std::int32_t tag;
  std::uint16_t region;
  std::uint8_t pending; // set after the fields are whole, cleared before they are written
  std::uint8_t reserved;
};

struct RankStatus {
  std::uint64_t done; // recorded MPI calls completed so far
  std::uint16_t call; // MpiRegion of the call in progress, or no_status_call
  std::uint16_t reserved[3];
  DeferredRecv deferred;
};
static_assert(sizeof(RankStatus) == 48);

inline constexpr std::uint16_t no_status_call = 0xffff;
inline constexpr const char* status_dir = "status"; // inside DIR.partial

inline std::string status_path(const std::string& partial, std::uint32_t rank) {
  return partial + "/" + status_dir + "/rank-" + std::to_string(rank);
}

} // namespace collscope::rec
