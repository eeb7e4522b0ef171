// The tracer's per-rank state and the helpers wrappers use to append events.
//
// Every wrapper starts with `if (!recording()) return PMPI_...`: with tracing off that is the
// whole cost. The tracer records one thread per rank, without locks. Under
// MPI_THREAD_FUNNELED and MPI_THREAD_SERIALIZED that is every call (the program already
// keeps two threads out of MPI at once). Under MPI_THREAD_MULTIPLE it records the thread that
// called MPI_Init_thread (`owner`); a call from any other thread is passed straight to PMPI,
// unrecorded, and only counted (an atomic, the one thing such a thread touches), and the trace
// says how many calls each rank left out (archive property COLLSCOPE::THREADS). The run is the
// same as untraced, and the trace is complete for the owner thread.
#pragma once

#include "clock.hpp"
#include "collscope/archive/mpi_regions.hpp"
#include "collscope/archive/rank_status.hpp"
#include "collscope/archive/raw_format.hpp"
#include "comm_table.hpp"
#include "event_buffer.hpp"
#include "handle_map.hpp"

#include <atomic>
#include <cstdint>
#include <mpi.h>
#include <pthread.h>
#include <string>
#include <utility>
#include <vector>

namespace collscope::rec {

/// A nonblocking operation between its start and the Wait/Test that completes it. For a
/// nonblocking collective (coll_op set): id = bytes received, bytes = sent, peer = root,
/// tag = reduction op code (reduction_ops.hpp).
struct Pending {
  std::uint64_t id;
  std::uint64_t bytes;
  std::uint32_t comm;
  std::uint32_t peer;
  std::uint32_t tag;
  bool is_send;
  std::uint8_t coll_op = no_coll_op;
};

inline constexpr std::uint16_t no_call = 0xffff;

struct Recorder {
  bool enabled = false; // COLLSCOPE_TRACE set on every rank; between MPI_Init and MPI_Finalize
  std::atomic<bool> recording{false}; // enabled, not paused and nothing lost
  bool paused = false;
  bool discard = false; // collscope_trace_discard: this rank wants no trace written
  bool multi = false;   // MPI_THREAD_MULTIPLE: only `owner` is recorded
  pthread_t owner{};
  int thread_level = MPI_THREAD_SINGLE; // what MPI_Init/MPI_Init_thread provided
  // Under multi: wrapped MPI calls made by other threads (passed through, not recorded), and
  // how many of them the definitions file says so far (threads_synced: said at all).
  std::atomic<std::uint64_t> other_thread_calls{0};
  std::uint64_t other_thread_calls_synced = 0;
  bool threads_synced = false;
  // Set once recording stopped for good (memory, a second thread): nothing is recorded
  // afterwards (resume() included), and the trace is published incomplete with a
  // MeasurementOnOff(OFF) at lost_at. A static phrase: "ran out of memory for its events".
  const char* lost = nullptr;
  std::uint64_t lost_at = 0;
  std::uint64_t lost_events = 0; // events recorded before the gap
  int world_rank = 0;
  int world_size = 1;
  std::int64_t realtime_offset = 0;
  EventBuffer events;
  StringTable strings;
  // The rank's definitions file (raw_format.hpp) and how much of each table it holds.
  int defs_fd = -1;
  std::size_t strings_synced = 0; // bytes of strings.blob()
  std::size_t comms_synced = 0;
  std::size_t peer_maps_synced = 0;
  bool lost_synced = false;
  std::string inside_note; // ompi/native_inside.hpp: the trace's one line on native insides
  bool inside_synced = true;
  CommTable comms;
  HandleMap<Pending> requests;
  HandleMap<Pending> persistent; // persistent requests (MPI_Send_init, …): what each Start starts
  HandleMap<std::uint32_t> messages; // MPI_Message -> comm id, from Mprobe to Mrecv
  std::uint64_t next_request = 1;
  // The recorded MPI call in progress (for error reports and the watchdog) and the calls
  // completed: mapped shared into DIR.partial/status/rank-R, or local if that failed.
  RankStatus local_status{0, no_call, {}, {}};
  RankStatus* status = &local_status;
  bool deferred = false; // status->deferred.pending, where push() looks first
  std::vector<std::pair<Kind, std::uint32_t>> open_user; // user regions/rounds being recorded
  std::vector<MPI_Request> scratch_requests;
  std::vector<MPI_Status> scratch_statuses;
};

extern Recorder state;

/// Under MPI_THREAD_MULTIPLE, a call on a thread other than the owner: counted, never recorded.
[[gnu::noinline, gnu::cold]] void count_other_thread_call();

/// Whether this thread may touch the recorder (always, but under MPI_THREAD_MULTIPLE only the
/// thread that initialised MPI). Not counted: for the annotation API, whose calls are not MPI's.
inline bool owner_here() {
  return !state.multi || pthread_equal(pthread_self(), state.owner) != 0;
}

/// The question a wrapper asks once, on entry, before anything else: on another thread under
/// MPI_THREAD_MULTIPLE false, and the call counted (count_other_thread_call), so each wrapped
/// call from there is counted exactly once.
[[gnu::always_inline]] inline bool owner_thread() {
  if (owner_here()) [[likely]]
    return true;
  count_other_thread_call();
  return false;
}

/// A wrapper's gate: record this call? Without MPI_THREAD_MULTIPLE two loads.
[[gnu::always_inline]] inline bool recording() {
  if (state.multi) [[unlikely]]
    return owner_thread() && state.recording.load(std::memory_order_relaxed);
  return state.recording.load(std::memory_order_relaxed);
}
/// A wrapper's gate for the bookkeeping kept also while paused (communicators, requests).
[[gnu::always_inline]] inline bool enabled() {
  if (state.multi) [[unlikely]]
    return owner_thread() && state.enabled;
  return state.enabled;
}
/// Tracing is on for the run, whichever thread asks (not counted): communicator creation
/// takes part in agreeing on the new id even on a thread that is not recorded.
inline bool tracing() {
  return state.enabled;
}
/// recording() and enabled() for the annotation API: not counted.
inline bool annotating() {
  return owner_here() && state.recording.load(std::memory_order_relaxed);
}
inline bool annotations_enabled() {
  return owner_here() && state.enabled;
}

/// Stops recording for good: why (a static phrase completing "rank R …") and when.
void lose(const char* why);

/// The buffer is full: writes it out (with the definitions its events need) and appends e.
void spill_and_push(const Event& e);

/// Appends e now, before a deferred receive's events: for those, and for clock pairs.
[[gnu::always_inline]] inline void push_now(const Event& e) {
  if (!state.events.push(e)) [[unlikely]]
    spill_and_push(e);
}

/// Writes the deferred receive's events, if any (defer_recv).
void write_deferred();

[[gnu::always_inline]] inline void push(const Event& e) {
  if (state.deferred) write_deferred();
  push_now(e);
}

/// The lap is full: appends a (counter, CLOCK_MONOTONIC) pair, writes the definitions not
/// yet in the rank's files and copies the lap into the events file; false if that failed.
bool spill_all();

/// The rank may die now (a fatal signal, MPI_Abort, a fatal MPI error): appends a clock pair
/// and writes the definitions not yet in its files (the events are there already).
/// Async-signal-safe: write() and clock reads only.
bool note_progress();

/// New strings or communicators: into the definitions file at once, so even a rank killed
/// by SIGKILL leaves the names its events use.
void note_definitions();

/// Appends a record to the rank's definitions file (clock_sync.cpp); false if it failed.
bool write_definition(DefRecord type, const void* payload, std::size_t bytes);

/// The line the trace's metadata holds about the messages inside native collectives: into
/// the definitions file at once (the last one written wins).
void note_inside(const std::string& note);

/// Starts the rank's spill files (raw_format.hpp): the ring of `buffer_bytes` at ring_path,
/// the header record and the first clock pair. Without them recording stops at the first
/// full lap.
void start_files(int events_fd, const std::string& ring_path, int defs_fd,
                 std::size_t buffer_bytes);

/// Spills everything and closes the rank's files (MPI_Finalize); false if a write failed.
bool close_files();

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
  state.status->call = static_cast<std::uint16_t>(region);
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
  state.status->call = no_call;
  ++state.status->done;
}

/// Polls that find nothing (MPI_Test*, MPI_Iprobe, MPI_Improbe) in a row are one region, so
/// a rank spinning in MPI_Test for minutes leaves kilobytes, not gigabytes: the first is
/// recorded (its Leave marked, counting 1), and each next one, when that Leave is still the
/// event appended last, moves the Leave to its own end and counts one more; nothing is
/// appended. Returns false when the poll must be recorded in full (enter + leave_poll).
[[gnu::always_inline]] inline bool extend_empty_poll(MpiRegion region, std::uint64_t t1) {
  if (state.deferred) return false;
  Event* last = state.events.last();
  if (last == nullptr || last->kind != Kind::Leave || last->tag != poll_mark ||
      last->region != static_cast<std::uint16_t>(region))
    return false;
  last->time = t1;
  ++last->bytes;
  state.status->call = no_call;
  ++state.status->done;
  return true;
}

/// The Leave of a poll: marked when it found nothing, so the next empty one can extend it.
[[gnu::always_inline]] inline void leave_poll(std::uint64_t time, MpiRegion region, bool found) {
  Event e = event(Kind::Leave, time);
  e.region = static_cast<std::uint16_t>(region);
  if (!found) {
    e.tag = poll_mark;
    e.bytes = 1;
  }
  push(e);
  state.status->call = no_call;
  ++state.status->done;
}

/// A call recorded as its region only (Enter before, Leave after): shown, not analysed.
template <class Call> int region_only(MpiRegion region, Call&& call) {
  enter(begin_call(region), region);
  const int rc = call();
  leave(now(), region);
  return rc;
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

/// Ends a blocking receive at `time`: its MpiRecv (when ok; comm is the communicator's id)
/// and its Leave are deferred; the watchdog sees the call end at once. In a ping-pong only
/// the work between a receive's return and the next send delays the partner, so the fields
/// are only stored (in the shared status record, rank_status.hpp), and the events go out
/// before the next event is appended (push()), or when the rank's files are spilled for a
/// crash or closed. Writing them at once cost 11 ns per message here.
[[gnu::always_inline]] inline void defer_recv(std::uint64_t time, bool ok, std::uint32_t comm,
                                              const MPI_Status& status, MpiRegion region) {
  RankStatus& s = *state.status;
  if (state.deferred) write_deferred(); // never two: wrappers push their Enter first
  s.deferred.time = time;
  s.deferred.region = static_cast<std::uint16_t>(region);
  s.deferred.source = ok && status.MPI_SOURCE != MPI_PROC_NULL ? status.MPI_SOURCE : -1;
  s.deferred.comm = comm;
  s.deferred.tag = status.MPI_TAG;
  s.deferred.bytes = status_bytes(status);
  s.call = no_call;
  ++s.done;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  s.deferred.pending = 1;
  state.deferred = true;
}

/// Starts tracking a nonblocking operation whose request the call just returned.
void track(MPI_Request request, const Pending& pending);

/// Forgets a persistent request being freed (wrap_persistent.cpp).
void forget_persistent(MPI_Request request);

/// Records a nonblocking collective's Begin/End pair at time (its completion).
void record_collective(const Pending& p, std::uint64_t time);

/// Records the completion of request (its handle before the Wait/Test) if it is tracked; with
/// record false (recording paused) only forgets it, so a later request the library hands the
/// same handle is not taken for it.
void complete(MPI_Request request, const MPI_Status& status, std::uint64_t time,
              bool record = true);

/// Whether a Wait/Test must be watched: while recording, or while requests tracked before a
/// pause are still pending (their completions must be forgotten, not left behind). Never from
/// another thread under MPI_THREAD_MULTIPLE (the request table belongs to the owner); such a
/// call is counted once, here.
inline bool watch_completions() {
  if (state.multi && !owner_thread()) [[unlikely]]
    return false;
  return state.recording.load(std::memory_order_relaxed) ||
         (state.enabled && state.requests.size() != 0);
}

} // namespace collscope::rec
