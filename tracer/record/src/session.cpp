#include "session.hpp"

#include "clock.hpp"
#include "clock_sync.hpp"
#include "collscope/archive/archive_dir.hpp"
#include "collscope/archive/raw_format.hpp"
#include "crash.hpp"
#include "ompi/algorithm_choice.hpp"
#include "ompi/native_inside.hpp"
#include "recorder.hpp"
#include "session_archive.hpp"
#include "size_limit.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace collscope::rec {
namespace {

std::string final_dir;   // DIR
std::string partial_dir; // DIR.partial

void say(const std::string& line) {
  std::fprintf(stderr, "collscope-trace: %s\n", line.c_str());
}

/// Rank 0's COLLSCOPE_TRACE, broadcast so every rank's INCOMPLETE lands in the same place;
/// empty if tracing is off for the run.
std::string agree_on_directory(int rank) {
  const char* env = std::getenv("COLLSCOPE_TRACE");
  const int wanted = env != nullptr && *env != '\0' ? 1 : 0;
  int votes[2] = {wanted, 1 - wanted}; // max: someone wants it, someone does not
  PMPI_Allreduce(MPI_IN_PLACE, votes, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (votes[0] == 0) return {};
  if (votes[1] != 0) {
    if (rank == 0) say("COLLSCOPE_TRACE is set on some ranks only; not tracing");
    return {};
  }
  std::string dir = env;
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  int length = 0;
  if (rank == 0) {
    std::string error;
    // An older DIR goes now, not when the new archive is done: a run that dies must not leave
    // the previous run's archive to be read as its own.
    if (!remove_tree(dir + ".partial"))
      say("cannot remove the stale " + dir + ".partial; not tracing");
    else if (!remove_tree(dir))
      say("cannot remove the older " + dir + "; not tracing");
    else if (!make_dir(dir + ".partial", error))
      say("cannot create " + dir + ".partial: " + error + "; not tracing");
    else
      length = static_cast<int>(dir.size());
  }
  PMPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (length == 0) return {};
  dir.resize(static_cast<std::size_t>(length));
  PMPI_Bcast(dir.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
  return dir;
}

// MPI errors are fatal by default, and Open MPI then exits without raising a signal: the
// other ranks' SIGTERM would be the only explanation left. So the tracer's handler notes
// the failing call first, then lets MPI_ERRORS_ARE_FATAL do what it always does.
void on_mpi_error(MPI_Comm* comm, int* code, ...) {
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  PMPI_Error_string(*code, text, &length);
  const char* call =
      state.status->call == no_call ? "an MPI call" : mpi_region_info(state.status->call).name;
  char line[MPI_MAX_ERROR_STRING + 128];
  const int n =
      std::snprintf(line, sizeof line, "rank %d: %s failed: %s\n", state.world_rank, call, text);
  if (state.enabled) note_progress(); // the events up to the failing call stay readable
  note_incomplete(
      line, n > 0 ? static_cast<unsigned long>(std::min(n, static_cast<int>(sizeof line) - 1)) : 0);
  std::fprintf(stderr, "collscope-trace: %s", line);
  PMPI_Comm_set_errhandler(*comm, MPI_ERRORS_ARE_FATAL);
  PMPI_Comm_call_errhandler(*comm, *code);
}

void note_fatal_errors(MPI_Comm comm) {
  MPI_Errhandler current = MPI_ERRHANDLER_NULL;
  PMPI_Comm_get_errhandler(comm, &current);
  const bool fatal = current == MPI_ERRORS_ARE_FATAL;
  if (current != MPI_ERRHANDLER_NULL) PMPI_Errhandler_free(&current);
  if (!fatal) return; // the program chose its own handling
  static MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
  if (handler == MPI_ERRHANDLER_NULL) PMPI_Comm_create_errhandler(on_mpi_error, &handler);
  PMPI_Comm_set_errhandler(comm, handler);
}

// Called by the crash handlers: everything recorded so far goes to the rank's files.
void spill_on_crash() {
  if (state.enabled) note_progress();
}

// COLLSCOPE_TRACE_BUFFER: bytes of events each rank keeps before it writes them out.
std::size_t buffer_bytes(int rank) {
  const std::uint64_t bytes = env_bytes("COLLSCOPE_TRACE_BUFFER", EventBuffer::default_bytes, rank);
  return bytes == 0 ? EventBuffer::default_bytes : static_cast<std::size_t>(bytes);
}

void open_files(const std::string& partial, int rank) {
  std::string ignored;
  make_dir(partial + "/" + raw_dir, ignored);
  set_size_limits(partial + "/" + raw_dir, rank);
  const auto r = static_cast<std::uint32_t>(rank);
  const int events_fd =
      ::open(raw_events_path(partial, r).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const int defs_fd = ::open(raw_defs_path(partial, r).c_str(),
                             O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  start_files(events_fd, raw_ring_path(partial, r), defs_fd, buffer_bytes(rank));
}

// Best effort: without the file the watchdog sees nothing of this rank, the run is the same.
void map_status(const std::string& partial, int rank) {
  std::string ignored;
  make_dir(partial + "/" + status_dir, ignored);
  const int fd = ::open(status_path(partial, static_cast<std::uint32_t>(rank)).c_str(),
                        O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  if (::ftruncate(fd, sizeof(RankStatus)) == 0) {
    void* shared = ::mmap(nullptr, sizeof(RankStatus), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (shared != MAP_FAILED) {
      state.status = static_cast<RankStatus*>(shared);
      *state.status = state.local_status;
    }
  }
  ::close(fd);
}

void unmap_status(const std::string& partial, int rank) {
  if (state.status == &state.local_status) return;
  state.local_status = *state.status;
  ::munmap(state.status, sizeof(RankStatus));
  state.status = &state.local_status;
  ::unlink(status_path(partial, static_cast<std::uint32_t>(rank)).c_str());
  ::rmdir((partial + "/" + status_dir).c_str()); // the last rank's succeeds
}

} // namespace

void start_session(int thread_level) {
  int rank = 0;
  int size = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  final_dir = agree_on_directory(rank);
  if (final_dir.empty()) return;
  partial_dir = final_dir + ".partial";
  std::string ignored;
  make_dir(partial_dir, ignored); // ranks on other nodes may not share rank 0's file system

  state.world_rank = rank;
  state.world_size = size;
  state.realtime_offset = realtime_offset();
  start_clock();
  state.comms.start(rank, size);
  if (const char* limit = std::getenv("COLLSCOPE_TRACE_STRING_LIMIT"))
    state.strings.limit(std::strtoull(limit, nullptr, 10));
  // Before the files: under MPI_THREAD_MULTIPLE the definitions say so from the start.
  state.thread_level = thread_level;
  state.multi = thread_level == MPI_THREAD_MULTIPLE;
  state.owner = pthread_self();
  open_files(partial_dir, rank);
  install_crash_handlers(partial_dir.c_str(), rank, spill_on_crash);
  note_fatal_errors(MPI_COMM_WORLD);
  note_fatal_errors(MPI_COMM_SELF);
  map_status(partial_dir, rank);
  sync_clocks(true);
  state.enabled = true;
  state.recording = true;
  native_inside_start();
  ompi_settings_read();
}

void end_session() {
  if (!state.enabled) return;
  sync_clocks(false); // every rank is here, and its definitions file still open
  state.recording = false;
  state.enabled = false;
  close_files();
  unmap_status(partial_dir, state.world_rank); // before rank 0 can publish DIR.partial
  // Every rank discarded the run (collscope_trace_discard): nothing is written. Decided here,
  // inside MPI_Finalize, so that no rank can exit (and have mpirun stop the others) before
  // rank 0 has removed DIR.partial.
  int discard = state.discard ? 1 : 0;
  PMPI_Allreduce(MPI_IN_PLACE, &discard, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (discard) {
    if (state.world_rank == 0 && !remove_tree(partial_dir))
      say("could not remove " + partial_dir + " of a discarded run");
    PMPI_Barrier(MPI_COMM_WORLD);
    state.comms.stop();
    uninstall_crash_handlers();
    return;
  }
  // COLLSCOPE_TRACE_DEFER=1 (scripts/simulate): the spill files stay in DIR.partial and a
  // later step writes the archive with what only exists after the run (collscope-smpi-import).
  if (const char* defer = std::getenv("COLLSCOPE_TRACE_DEFER"); defer != nullptr && *defer == '1') {
    PMPI_Barrier(MPI_COMM_WORLD);
    state.comms.stop();
    uninstall_crash_handlers();
    return;
  }
  const ArchiveResult result =
      write_archive_in_parallel(partial_dir, state.world_rank, state.world_size);
  if (state.world_rank == 0) {
    ::rmdir((partial_dir + "/" + status_dir).c_str()); // every rank removed its file before
    ::rmdir((partial_dir + "/" + raw_dir).c_str());
    if (result.problem.empty() && !result.lost.empty()) {
      // The events up to the gap are readable in DIR.partial; DIR would claim a whole run.
      write_incomplete(partial_dir, result.lost, false);
      say("incomplete trace: " + result.lost + " (the archive up to there is " + partial_dir + ")");
    } else if (result.problem.empty()) {
      const std::string error = publish(partial_dir, final_dir);
      if (!error.empty()) {
        write_incomplete(partial_dir, "the archive was written but " + error, false);
        say(error);
      }
    } else {
      write_incomplete(partial_dir, result.problem, false);
      say("no trace written: " + result.problem + " (see " + partial_dir + "/INCOMPLETE)");
    }
  }
  state.comms.stop();
  uninstall_crash_handlers();
}

void note_abort(int errorcode) {
  if (!state.enabled) return;
  char line[160];
  const int n = std::snprintf(line, sizeof line, "rank %d called MPI_Abort with error code %d\n",
                              state.world_rank, errorcode);
  note_progress(); // the events up to MPI_Abort stay readable
  note_incomplete(line, n > 0 ? static_cast<unsigned long>(n) : 0);
}

} // namespace collscope::rec
