// The tracer's per-rank state and the helpers wrappers use to append events.
//
// Every wrapper starts with `if (!recording()) return PMPI_...`: with tracing off that is the
// whole cost. The tracer assumes MPI is called by one thread at a time (no locks); under
// MPI_THREAD_MULTIPLE it does not start and says so in DIR.partial/INCOMPLETE.
#pragma once

#include "clock.hpp"
#include "comm_table.hpp"
#include "event_buffer.hpp"
#include "handle_map.hpp"
#include "mpi_regions.hpp"

#include <cstdint>
#include <mpi.h>
#include <string>
#include <utility>
#include <vector>

namespace collscope::rec {

/// A nonblocking operation between its start and the Wait/Test that completes it.
struct Pending {
  std::uint64_t id;
  std::uint64_t bytes;
  std::uint32_t comm;
  std::uint32_t peer;
  std::uint32_t tag;
  bool is_send;
};

inline constexpr std::uint16_t no_call = 0xffff;

struct Recorder {
  bool enabled = false;   // COLLSCOPE_TRACE set on every rank; between MPI_Init and MPI_Finalize
  bool recording = false; // enabled, not paused and nothing lost
  bool paused = false;
  // Set once recording stopped for want of memory: nothing is recorded afterwards (resume()
  // included), and the trace is published incomplete with a MeasurementOnOff(OFF) at lost_at.
  const char* lost = nullptr; // what ran out: "events", "annotation strings"
  std::uint64_t lost_at = 0;
  int world_rank = 0;
  int world_size = 1;
  std::int64_t realtime_offset = 0;
  EventBuffer events;
  StringTable strings;
  CommTable comms;
  HandleMap<Pending> requests;
  HandleMap<std::uint32_t> messages; // MPI_Message -> comm id, from Mprobe to Mrecv
  std::uint64_t next_request = 1;
  std::uint16_t current_call = no_call; // the recorded MPI call in progress, for error reports
  std::vector<std::pair<Kind, std::uint32_t>> open_user; // user regions/rounds being recorded
  std::vector<MPI_Request> scratch_requests;
  std::vector<MPI_Status> scratch_statuses;
};

extern Recorder state;

inline bool recording() {
  return state.recording;
}
inline bool enabled() {
  return state.enabled;
}

/// Stops recording for good: what ran out of memory (a static string) and when.
void lose(const char* what);

[[gnu::always_inline]] inline void push(const Event& e) {
  if (!state.events.push(e)) [[unlikely]]
    lose("events");
}

[[gnu::always_inline]] inline Event event(Kind kind, std::uint64_t time) {
  Event e{};
  e.kind = kind;
  e.time = time;
  return e;
}

/// Starts recording an MPI call: remembers it for error reports and returns its Enter time.
/// Wrappers of sending calls push the Enter only after the real call returns, so that
/// nothing but this clock read delays the message.
[[gnu::always_inline]] inline std::uint64_t begin_call(MpiRegion region) {
  state.current_call = static_cast<std::uint16_t>(region);
  return now();
}

[[gnu::always_inline]] inline void enter(std::uint64_t time, MpiRegion region) {
  Event e = event(Kind::Enter, time);
  e.region = static_cast<std::uint16_t>(region);
  push(e);
}

[[gnu::always_inline]] inline void leave(std::uint64_t time, MpiRegion region) {
  Event e = event(Kind::Leave, time);
  e.region = static_cast<std::uint16_t>(region);
  push(e);
  state.current_call = no_call;
}

[[gnu::always_inline]] inline Event message(Kind kind, std::uint64_t time, int peer,
                                            std::uint32_t comm, int tag, std::uint64_t bytes,
                                            std::uint64_t request = 0) {
  Event e = event(kind, time);
  e.peer = static_cast<std::uint32_t>(peer);
  e.comm = comm;
  e.tag = static_cast<std::uint32_t>(tag);
  e.bytes = bytes;
  e.request = request;
  return e;
}

inline Event request_event(Kind kind, std::uint64_t time, std::uint64_t request) {
  Event e = event(kind, time);
  e.request = request;
  return e;
}

/// count elements of type in bytes; 0 for an empty or null type.
std::uint64_t type_bytes(int count, MPI_Datatype type);

/// Bytes a receive delivered, from its status.
inline std::uint64_t status_bytes(const MPI_Status& status) {
#ifdef OPEN_MPI
  return status._ucount; // what MPI_Get_count(MPI_BYTE) returns, without the call
#else
  int count = 0;
  PMPI_Get_count(&status, MPI_BYTE, &count);
  return count == MPI_UNDEFINED || count < 0 ? 0 : static_cast<std::uint64_t>(count);
#endif
}

/// Records the MpiRecv of a completed blocking receive (nothing for MPI_PROC_NULL).
void record_recv(std::uint64_t time, std::uint32_t comm, const MPI_Status& status);

/// Starts tracking a nonblocking operation whose request the call just returned.
void track(MPI_Request request, const Pending& pending);

/// Records the completion of request (its handle before the Wait/Test) if it is tracked.
void complete(MPI_Request request, const MPI_Status& status, std::uint64_t time);

} // namespace collscope::rec
