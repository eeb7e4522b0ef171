// One recorded event: a 40-byte POD appended to the per-rank ring on the program's path,
// copied to the rank's events file (raw_format.hpp) and translated into OTF2 records at
// MPI_Finalize or after a crash (otf2_events.cpp).
#pragma once

#include <cstdint>

namespace collscope::rec {

enum class Kind : std::uint8_t {
  Enter,         // region = MPI function (mpi_regions.hpp)
  Leave,         // region; tag = poll_mark for a poll that found nothing: bytes = how many in a row
  Send,          // peer, comm, tag, bytes
  Recv,          // peer, comm, tag, bytes
  Isend,         // peer, comm, tag, bytes, request
  IsendComplete, // request
  IrecvRequest,  // request
  Irecv,         // peer, comm, tag, bytes, request
  RequestCancelled, // request
  CollBegin,        // tag = reduction op code of a reduction (reduction_ops.hpp), else 0; peer,
             // bytes, request: Open MPI's algorithm (ompi/algorithm_choice.hpp); comm = local
             // string id + 1 of its source text where a rules file is in force, else 0
  CollEnd,   // op, comm, peer = root, bytes = sent, request = received
  UserEnter, // peer = local string id of the region name; tag = n: the region's first n meta
             // pairs are those at positions 0..n-1 of the last Meta events for this name
             // (bytes = position + 1, comm = name), as if n Meta events followed
  UserLeave,
  RoundEnter, // peer = round number
  RoundLeave,
  Blocks, // peer = origin_first, tag = origin_count, bytes = element_begin,
          // request = element_count; not an OTF2 event: attributes of the next send
  Meta,   // peer = key, tag = value (local string ids); attributes of the algorithm Enter;
          // bytes = position + 1 in the region comm's pairs (0: none), see UserEnter
  Clock,  // time = counter stamp, bytes = CLOCK_MONOTONIC ns read with it; not an OTF2 event
  Lap,    // first slot of each lap of the ring (event_buffer.hpp): request = lap + 1; read
          // only by EventFile, which never returns it
};

/// Leave.tag of an MPI_Test*/Iprobe call that found nothing (recorder.hpp, empty polls).
inline constexpr std::uint32_t poll_mark = 1;

/// Meta positions remembered per region name (annotate.cpp, rank_input.cpp); pairs past
/// them are recorded without a position.
inline constexpr std::uint64_t meta_positions = 1 << 16;

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
