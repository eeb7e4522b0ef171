#include "recorder.hpp"

#include "collscope/archive/raw_format.hpp"
#include "ompi/algorithm_choice.hpp"
#include "size_limit.hpp"

#include <cstring>
#include <unistd.h>

namespace collscope::rec {

Recorder state;

namespace {

bool write_record(DefRecord type, const void* head, std::size_t head_bytes, const void* tail,
                  std::size_t tail_bytes) {
  const RecordHead record{type, static_cast<std::uint32_t>(head_bytes + tail_bytes)};
  return write_all(state.defs_fd, &record, sizeof record) &&
         write_all(state.defs_fd, head, head_bytes) && write_all(state.defs_fd, tail, tail_bytes);
}

// Only what was added since the last call, so a long run writes each definition once.
bool sync_definitions() {
  if (state.defs_fd < 0) return false;
  bool ok = true;
  const std::string& blob = state.strings.blob();
  if (blob.size() > state.strings_synced) {
    ok = ok && write_record(DefRecord::strings, blob.data() + state.strings_synced,
                            blob.size() - state.strings_synced, nullptr, 0);
    state.strings_synced = blob.size();
  }
  const auto& comms = state.comms.defs();
  for (; state.comms_synced < comms.size(); ++state.comms_synced) {
    const CommDef& d = comms[state.comms_synced];
    const std::uint32_t head[4] = {d.id, d.parent, d.creator,
                                   static_cast<std::uint32_t>(d.members.size())};
    ok = ok && write_record(DefRecord::comm, head, sizeof head, d.members.data(),
                            d.members.size() * sizeof(std::uint32_t));
  }
  const auto& order = state.comms.peer_map_order();
  for (; state.peer_maps_synced < order.size(); ++state.peer_maps_synced) {
    const std::uint32_t id = order[state.peer_maps_synced];
    const auto it = state.comms.peer_maps().find(id);
    if (it == state.comms.peer_maps().end()) continue;
    const std::uint32_t head[2] = {id, static_cast<std::uint32_t>(it->second.size())};
    ok = ok && write_record(DefRecord::peer_map, head, sizeof head, it->second.data(),
                            it->second.size() * sizeof(std::uint32_t));
  }
  if (state.lost != nullptr && !state.lost_synced) {
    const std::uint64_t head[2] = {state.lost_at, state.lost_events};
    ok =
        ok && write_record(DefRecord::lost, head, sizeof head, state.lost, std::strlen(state.lost));
    state.lost_synced = true;
  }
  if (state.multi) {
    // Rewritten when the count changed (the last record wins): a rank that dies still says it.
    const std::uint64_t calls = state.other_thread_calls.load(std::memory_order_relaxed);
    if (!state.threads_synced || calls != state.other_thread_calls_synced) {
      const RawThreads threads{static_cast<std::int32_t>(state.thread_level), 0, calls};
      ok = ok && write_record(DefRecord::threads, &threads, sizeof threads, nullptr, 0);
      state.threads_synced = true;
      state.other_thread_calls_synced = calls;
    }
  }
  if (!state.inside_synced) {
    ok = ok && write_record(DefRecord::inside, state.inside_note.data(), state.inside_note.size(),
                            nullptr, 0);
    state.inside_synced = true;
  }
  return ok;
}

void note_clock() {
  Event clock = event(Kind::Clock, now());
  clock.bytes = monotonic_ns();
  state.events.put_last(clock);
}

} // namespace

bool write_definition(DefRecord type, const void* payload, std::size_t bytes) {
  return state.defs_fd >= 0 && write_record(type, payload, bytes, nullptr, 0);
}

void write_deferred() {
  // Cleared first: a crash handler interrupting the pushes below must not write them twice.
  state.deferred = false;
  state.status->deferred.pending = 0;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  const DeferredRecv d = state.status->deferred;
  if (d.source >= 0) push_now(message(Kind::Recv, d.time, d.source, d.comm, d.tag, d.bytes));
  Event leave = event(Kind::Leave, d.time);
  leave.region = d.region;
  push_now(leave);
}

bool spill_all() {
  note_clock();
  const bool defs = sync_definitions();
  return state.events.spill() && defs;
}

bool note_progress() {
  if (state.deferred) write_deferred();
  note_clock();
  return sync_definitions();
}

void note_inside(const std::string& note) {
  state.inside_note = note;
  state.inside_synced = false;
  note_definitions();
}

void note_definitions() {
  if (state.enabled) sync_definitions();
}

void start_files(int events_fd, const std::string& ring_path, int defs_fd,
                 std::size_t buffer_bytes) {
  state.defs_fd = defs_fd;
  state.strings_synced = state.comms_synced = state.peer_maps_synced = 0;
  state.lost_synced = false;
  state.threads_synced = false;
  state.inside_synced = state.inside_note.empty();
  if (!state.events.open(events_fd, ring_path, buffer_bytes))
    return lose("had no memory for its event buffer");
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  // Test hook: COLLSCOPE_TRACE_HOSTS="n0,n0,n1,n1" names rank r's host as its r-th entry, so a
  // one-machine run can stand for a cluster (tracer/README.md, "On a cluster").
  if (const char* hosts = std::getenv("COLLSCOPE_TRACE_HOSTS"); hosts != nullptr) {
    const char* at = hosts;
    for (int r = 0; r < state.world_rank && at != nullptr; ++r) {
      at = std::strchr(at, ',');
      if (at != nullptr) ++at;
    }
    if (at != nullptr) {
      const std::size_t n = std::min(std::strcspn(at, ","), sizeof host - 1);
      if (n > 0) {
        std::memcpy(host, at, n);
        host[n] = '\0';
      }
    }
  }
  const RawHeader header{static_cast<std::uint32_t>(state.world_rank),
                         static_cast<std::uint32_t>(state.world_size), state.realtime_offset,
                         tick_clock.counter ? 1u : 0u, 0};
  if (defs_fd < 0 ||
      !write_record(DefRecord::header, &header, sizeof header, host, std::strlen(host)))
    return lose("could not write into the trace directory");
  Event clock = event(Kind::Clock, now());
  clock.bytes = monotonic_ns();
  state.events.push(clock);
}

bool close_files() {
  if (state.deferred) write_deferred();
  note_clock();
  bool ok = sync_definitions();
  ok = state.events.close() && ok;
  if (!ok) {
    lose("could not write its events into the trace directory");
    sync_definitions();
  }
  if (state.defs_fd >= 0) ::close(state.defs_fd);
  state.defs_fd = -1;
  return ok;
}

void spill_and_push(const Event& e) {
  if (state.lost != nullptr) return; // recording stopped for good; keep what was spilled
  if (state.events.capacity() == 0) return lose("had no buffer for its events");
  if (const char* why = size_refusal(state.events.written(), state.events.lap_bytes()))
    return lose(why);
  if (!spill_all()) return lose("could not write its events into the trace directory");
  state.events.push(e);
}

std::uint64_t type_bytes(int count, MPI_Datatype type) {
  if (count <= 0 || type == MPI_DATATYPE_NULL) return 0;
  int size = 0;
  PMPI_Type_size(type, &size);
  return static_cast<std::uint64_t>(count) * static_cast<std::uint64_t>(size);
}

void lose(const char* why) {
  state.recording = false;
  if (state.lost != nullptr) return; // the first reason wins
  state.lost = why;
  state.lost_at = now();
  state.lost_events = state.events.size();
}

void count_other_thread_call() {
  state.other_thread_calls.fetch_add(1, std::memory_order_relaxed);
}

void record_recv(std::uint64_t time, std::uint32_t comm, const MPI_Status& status) {
  if (status.MPI_SOURCE == MPI_PROC_NULL || status.MPI_SOURCE < 0) return;
  push(message(Kind::Recv, time, status.MPI_SOURCE, comm, status.MPI_TAG, status_bytes(status)));
}

void track(MPI_Request request, const Pending& pending) {
  if (request == MPI_REQUEST_NULL) return;
  state.requests.add(handle_key(request), pending);
}

void record_collective(const Pending& p, std::uint64_t time) {
  Event begin = event(Kind::CollBegin, time);
  begin.tag = p.tag; // the reduction's op code (collective.hpp)
  ompi_choice_nonblocking(begin);
  push(begin);
  Event end = event(Kind::CollEnd, time);
  end.op = p.coll_op;
  end.comm = p.comm;
  end.peer = p.peer;
  end.bytes = p.bytes;
  end.request = p.id;
  push(end);
}

void complete(MPI_Request request, const MPI_Status& status, std::uint64_t time, bool record) {
  Pending p{};
  if (request == MPI_REQUEST_NULL || !state.requests.take(handle_key(request), p) || !record)
    return;
#ifdef OPEN_MPI
  const bool cancelled = status._cancelled != 0; // what MPI_Test_cancelled reads
#else
  int flag = 0;
  PMPI_Test_cancelled(&status, &flag);
  const bool cancelled = flag != 0;
#endif
  if (p.coll_op != no_coll_op) {
    record_collective(p, time);
  } else if (cancelled) {
    push(request_event(Kind::RequestCancelled, time, p.id));
  } else if (p.is_send) {
    push(request_event(Kind::IsendComplete, time, p.id));
  } else if (status.MPI_SOURCE >= 0) {
    push(message(Kind::Irecv, time, status.MPI_SOURCE, p.comm, status.MPI_TAG, status_bytes(status),
                 p.id));
  }
}

} // namespace collscope::rec
