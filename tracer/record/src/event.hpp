// One recorded event: a 40-byte POD appended to the per-rank buffer on the program's path,
// spilled to the rank's events file (raw_format.hpp) and translated into OTF2 records at
// MPI_Finalize or after a crash (otf2_events.cpp).
#pragma once

#include <cstdint>

namespace collscope::rec {

enum class Kind : std::uint8_t {
  Enter, // region = MPI function (mpi_regions.hpp)
  Leave,
  Send,             // peer, comm, tag, bytes
  Recv,             // peer, comm, tag, bytes
  Isend,            // peer, comm, tag, bytes, request
  IsendComplete,    // request
  IrecvRequest,     // request
  Irecv,            // peer, comm, tag, bytes, request
  RequestCancelled, // request
  CollBegin,
  CollEnd,   // op, comm, peer = root, bytes = sent, request = received
  UserEnter, // peer = local string id of the region name
  UserLeave,
  RoundEnter, // peer = round number
  RoundLeave,
  Blocks, // peer = origin_first, tag = origin_count, bytes = element_begin,
          // request = element_count; not an OTF2 event: attributes of the next send
  Meta,   // peer = key, tag = value (local string ids); attributes of the algorithm Enter
  Clock,  // time = counter stamp, bytes = CLOCK_MONOTONIC ns read with it; not an OTF2 event
};

struct Event {
  std::uint64_t time;
  std::uint64_t bytes;
  std::uint64_t request;
  std::uint32_t comm;
  std::uint32_t peer;
  std::uint32_t tag;
  Kind kind;
  std::uint8_t op; // OTF2_CollectiveOp of CollEnd
  std::uint16_t region;
};
static_assert(sizeof(Event) == 40, "events stay compact");

} // namespace collscope::rec
