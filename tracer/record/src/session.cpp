#include "session.hpp"

#include "archive_dir.hpp"
#include "clock.hpp"
#include "collect.hpp"
#include "crash.hpp"
#include "otf2_writer.hpp"
#include "recorder.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
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

std::string status_path(const std::string& partial, int rank) {
  return partial + "/" + status_dir + "/rank-" + std::to_string(rank);
}

// Best effort: without the file the watchdog sees nothing of this rank, the run is the same.
void map_status(const std::string& partial, int rank) {
  std::string ignored;
  make_dir(partial + "/" + status_dir, ignored);
  const int fd = ::open(status_path(partial, rank).c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644);
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
  ::unlink(status_path(partial, rank).c_str());
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
  state.events.prepare();
  if (const char* limit = std::getenv("COLLSCOPE_TRACE_STRING_LIMIT"))
    state.strings.limit(std::strtoull(limit, nullptr, 10));
  install_crash_handlers(partial_dir.c_str(), rank);
  note_fatal_errors(MPI_COMM_WORLD);
  note_fatal_errors(MPI_COMM_SELF);
  state.multi = thread_level == MPI_THREAD_MULTIPLE;
  state.owner = pthread_self();
  map_status(partial_dir, rank);
  state.enabled = true;
  state.recording = true;
}

void end_session() {
  if (!state.enabled) return;
  state.recording = false;
  state.enabled = false;
  finish_clock();
  unmap_status(partial_dir, state.world_rank); // before rank 0 can publish DIR.partial
  Collected all = collect(state);
  if (state.world_rank == 0) {
    ::rmdir((partial_dir + "/" + status_dir).c_str()); // every rank removed its file before

    std::string problem = all.error;
    std::string lost;
    for (const RankTrace& r : all.ranks) {
      if (problem.empty() && !r.problem.empty()) problem = r.problem;
      if (lost.empty() && !r.lost.empty()) lost = r.lost;
    }
    if (problem.empty()) problem = write_archive(partial_dir, all.ranks);
    if (problem.empty() && !lost.empty()) {
      // The events up to the gap are readable in DIR.partial; DIR would claim a whole run.
      write_incomplete(partial_dir, lost, false);
      say("incomplete trace: " + lost + " (the archive up to there is " + partial_dir + ")");
    } else if (problem.empty()) {
      const std::string error = publish(partial_dir, final_dir);
      if (!error.empty()) {
        write_incomplete(partial_dir, "the archive was written but " + error, false);
        say(error);
      }
    } else {
      write_incomplete(partial_dir, problem, false);
      say("no trace written: " + problem + " (see " + partial_dir + "/INCOMPLETE)");
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
  note_incomplete(line, n > 0 ? static_cast<unsigned long>(n) : 0);
}

} // namespace collscope::rec
