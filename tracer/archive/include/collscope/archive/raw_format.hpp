// The spill files each traced rank writes while it runs (DIR.partial/raw/), from which the
// OTF2 archive is written at MPI_Finalize, or by `collscope-trace record` after a crash.
//
//   rank-R.ring    the ring (event_buffer.hpp): the newest events, stored through a shared
//                  mapping; slot 0 is a Lap event numbering the lap, and zeros follow the
//                  last event. Removed when the rank closes its files.
//   rank-R.events  whole laps of the ring in recording order (then, at close, the last
//                  partial lap). Events after the file's last whole lap are read from the
//                  ring if its lap follows them. Clock events carry (counter,
//                  CLOCK_MONOTONIC) pairs.
//   rank-R.defs    records (type, payload length, payload), appended as the rank learns them:
//                  its header, its annotation strings, the communicators it defines, the peer
//                  maps of its intercommunicators, and why recording stopped early.
//
// Stores into the mapping and write() calls to the definitions land in the page cache, which
// outlives the process: a rank that dies, however, leaves everything it recorded. A torn
// last definition record is ignored by the reader.
#pragma once

#include <cstdint>
#include <string>

namespace collscope::rec {

inline constexpr const char* raw_dir = "raw";

inline std::string raw_events_path(const std::string& partial, std::uint32_t rank) {
  return partial + "/" + raw_dir + "/rank-" + std::to_string(rank) + ".events";
}
inline std::string raw_ring_path(const std::string& partial, std::uint32_t rank) {
  return partial + "/" + raw_dir + "/rank-" + std::to_string(rank) + ".ring";
}
/// Why the rank died, as its crash handler said it (INCOMPLETE holds only the first rank's):
/// a rank with spill files and none of these died without a word (SIGKILL).
inline std::string raw_died_path(const std::string& partial, std::uint32_t rank) {
  return partial + "/" + raw_dir + "/rank-" + std::to_string(rank) + ".died";
}
inline std::string raw_defs_path(const std::string& partial, std::uint32_t rank) {
  return partial + "/" + raw_dir + "/rank-" + std::to_string(rank) + ".defs";
}

enum class DefRecord : std::uint32_t {
  header = 1,   // RawHeader, then the host name
  strings = 2,  // annotation strings, each NUL-terminated, continuing the local id order
  comm = 3,     // id, parent, creator, n, n world ranks (u32 each)
  peer_map = 4, // intercommunicator id, n, n union indices (u32 each)
  lost = 5,     // stamp (u64) when recording stopped, then the reason "rank R <reason>"
  clock_skew = 6,   // RawSkew: the test hook's skew of this rank's clock (clock_skew.hpp)
  clock_offset = 7, // RawOffset: an offset against rank 0, at MPI_Init and at MPI_Finalize
  inside = 8,       // one line: are messages inside native collectives recorded (the last wins)
  threads = 9,      // RawThreads, under MPI_THREAD_MULTIPLE only (the last wins)
};

struct RecordHead {
  DefRecord type;
  std::uint32_t length; // of the payload that follows
};

struct RawHeader {
  std::uint32_t rank;
  std::uint32_t world_size;
  std::int64_t realtime_offset; // CLOCK_REALTIME - CLOCK_MONOTONIC, ns
  std::uint32_t counter;        // 1: stamps are time-stamp-counter ticks (Clock events convert)
  std::uint32_t reserved;
};

struct RawSkew {
  std::int64_t offset_ns;
  double drift_ppm;
  std::uint64_t init_ns; // CLOCK_MONOTONIC at MPI_Init, unskewed
};

/// The thread level MPI provided, and the wrapped MPI calls other threads made (not recorded).
struct RawThreads {
  std::int32_t level;
  std::uint32_t reserved;
  std::uint64_t other_thread_calls;
};

struct RawOffset {
  std::uint64_t time_ns;     // on the rank's skewed CLOCK_MONOTONIC
  std::int64_t offset_ns;    // add to get rank 0's clock
  std::uint64_t half_rtt_ns; // half the kept ping-pong's round trip
};

} // namespace collscope::rec
