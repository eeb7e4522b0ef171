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
#include <string>

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
      state.current_call == no_call ? "an MPI call" : mpi_region_info(state.current_call).name;
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

  if (thread_level == MPI_THREAD_MULTIPLE) {
    // The tracer records without locks; rather no trace than a corrupt one. Nothing else
    // happens on any rank, so no collective is needed to agree on that.
    const std::string reason =
        "the program runs with MPI_THREAD_MULTIPLE, which the tracer does not support";
    if (rank == 0) {
      write_incomplete(partial_dir, reason, false);
      say("no trace: " + reason);
    }
    return;
  }

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
  state.enabled = true;
  state.recording = true;
}

void end_session() {
  if (!state.enabled) return;
  state.recording = false;
  state.enabled = false;
  finish_clock();
  Collected all = collect(state);
  if (state.world_rank == 0) {
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
