// Bringing every rank's record to rank 0 at MPI_Finalize: each rank serialises its events,
// strings and communicator definitions into one blob; one PMPI_Gatherv (in 64-byte units,
// so int counts reach 128 GiB) delivers them.
#pragma once

#include "comm_table.hpp"
#include "event.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::rec {

struct Recorder;

struct RankTrace {
  std::uint32_t rank = 0;
  std::span<const Event> events;
  std::vector<std::string_view> strings; // by local string id
  std::vector<CommDef> comms;
  std::string host;
  std::int64_t realtime_offset = 0; // CLOCK_REALTIME - CLOCK_MONOTONIC
  std::string problem;              // why this rank's record is not usable, if it is not
  std::string lost;                 // why recording stopped early (the events before are kept)
  std::uint64_t lost_at = 0;        // when, in CLOCK_MONOTONIC ns; 0 if nothing was lost
};

struct alignas(64) Unit {
  unsigned char bytes[64];
};

struct Collected {
  std::vector<Unit> storage;    // the gathered blobs; RankTrace views point into it
  std::vector<RankTrace> ranks; // on rank 0 one per world rank; empty elsewhere
  std::string error;            // set on rank 0 if the gather itself failed
};

/// Collective over MPI_COMM_WORLD. Releases the recorder's events once they are copied.
Collected collect(Recorder& recorder);

} // namespace collscope::rec
