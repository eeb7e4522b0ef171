// `collscope record -o DIR -- COMMAND...`: runs an unchanged MPI program with
// libcollscope-trace preloaded and COLLSCOPE_TRACE=DIR. For mpirun/mpiexec the two variables
// are passed to the ranks with -x (not preloaded into mpirun itself), for Slurm's srun with
// --export=ALL,... (tracer/README.md, "On a cluster"). The program's own
// output and exit status pass through untouched, always: `record` exits with the command's
// status (128 + N if a signal N ended it), whether or not a whole trace was written; what the
// tracer wrote, or why there is no whole trace, is said on stderr (and `stats` says it again).
// Only a mistake of `record` itself (bad options, a command that cannot be started) exits 2.
// Stopping `record` (SIGINT, SIGTERM, SIGHUP) stops the run: the signal is passed on to the
// command. With --watchdog SECONDS a run whose every traced rank sits in one MPI call that
// long is reported (each rank's call) into INCOMPLETE and on stderr, and stopped.
#include "cli.hpp"
#include "collscope/archive/archive_write.hpp"
#include "collscope/cli/numbers.hpp"
#include "collscope/paths.hpp"
#include "first_death.hpp"
#include "watchdog.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <otf2/otf2.h>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace collscope::trace_cli {

namespace fs = std::filesystem;
namespace rec = collscope::rec;

namespace {

fs::path tracer_library() {
  if (const char* forced = std::getenv("COLLSCOPE_TRACE_LIB")) return forced;
  return paths::library("libcollscope-trace.so");
}

volatile std::sig_atomic_t stop_signal = 0;

void on_stop(int sig) {
  stop_signal = sig;
}

// The first explanation of an incomplete trace wins (as in the tracer's own crash handlers).
void note_incomplete(const fs::path& partial, const std::string& reason) {
  std::error_code ec;
  fs::create_directories(partial, ec);
  const int fd = ::open((partial / "INCOMPLETE").c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) return;
  const std::string line = reason + "\n";
  [[maybe_unused]] const ssize_t n = ::write(fd, line.data(), line.size());
  ::close(fd);
}

/// Ranks and messages sent, from the archive's anchor file (what the ranks wrote), without
/// loading the trace.
std::string summary_of(const fs::path& anchor) {
  OTF2_Reader* reader = OTF2_Reader_Open(anchor.c_str());
  if (reader == nullptr) return "unreadable";
  std::uint64_t locations = 0;
  char* messages = nullptr;
  std::string text;
  if (OTF2_Reader_GetNumberOfLocations(reader, &locations) == OTF2_SUCCESS)
    text = std::to_string(locations) + " ranks";
  if (OTF2_Reader_GetProperty(reader, rec::messages_property, &messages) == OTF2_SUCCESS &&
      messages != nullptr) {
    text += std::string(text.empty() ? "" : ", ") + messages + " messages sent";
    std::free(messages);
  }
  OTF2_Reader_Close(reader);
  return text;
}

std::string first_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

/// Waits for child, passing on stop signals and running the watchdog (seconds > 0).
int wait_for(pid_t child, const fs::path& partial, double seconds) {
  struct sigaction action {};
  action.sa_handler = on_stop;
  sigemptyset(&action.sa_mask);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &action, nullptr);
  Watchdog watchdog(partial, seconds);
  auto next_poll = std::chrono::steady_clock::now();
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child || (done < 0 && errno != EINTR)) break;
    if (stop_signal != 0) {
      ::kill(child, stop_signal);
      stop_signal = 0;
    }
    const auto now = std::chrono::steady_clock::now();
    if (seconds > 0 && now >= next_poll) {
      next_poll = now + std::chrono::seconds(1);
      if (const auto report = watchdog.poll(now)) {
        note_incomplete(partial, "the watchdog stopped the run: " + *report);
        std::fprintf(stderr, "%s: %s; stopping the run\n", program().c_str(), report->c_str());
        ::kill(child, SIGTERM);
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

bool is_launcher(const std::string& program) {
  const std::string name = fs::path(program).filename().string();
  return name == "mpirun" || name == "mpiexec" || name == "orterun";
}

int run_program(std::vector<std::string> command, const fs::path& library, const fs::path& dir,
                double watchdog) {
  // libcollscope-tune replaces collectives by collscope's algorithms: it goes before the
  // tracer, which then records the algorithms' messages and the library's own collectives.
  std::string preload = library.string();
  if (const char* old = std::getenv("LD_PRELOAD"); old && *old)
    preload = std::string_view(old).find("collscope-tune") != std::string_view::npos
                  ? std::string(old) + ":" + preload
                  : preload + ":" + old;
  if (is_launcher(command[0])) {
    command.insert(command.begin() + 1,
                   {"-x", "LD_PRELOAD=" + preload, "-x", "COLLSCOPE_TRACE=" + dir.string()});
  } else if (fs::path(command[0]).filename() == "srun") {
    // Slurm's srun passes these to the tasks only (srun itself stays untraced); a later
    // --export of the user's own replaces this one, as srun takes the last.
    command.insert(command.begin() + 1,
                   "--export=ALL,LD_PRELOAD=" + preload + ",COLLSCOPE_TRACE=" + dir.string());
  } else {
    setenv("LD_PRELOAD", preload.c_str(), 1);
    setenv("COLLSCOPE_TRACE", dir.c_str(), 1);
  }
  std::vector<char*> argv;
  for (std::string& word : command) argv.push_back(word.data());
  argv.push_back(nullptr);
  pid_t child = 0;
  if (posix_spawnp(&child, argv[0], nullptr, nullptr, argv.data(), environ) != 0)
    throw UsageError("cannot run '" + command[0] + "'");
  unsetenv("LD_PRELOAD");
  fs::path partial = dir;
  partial += ".partial";
  return wait_for(child, partial, watchdog);
}

} // namespace

namespace {

// What the run left in DIR (or DIR.partial), said on stderr: the archive, what died, or why
// nothing was written.
void report_trace(const fs::path& dir, int status) {
  fs::path partial = dir;
  partial += ".partial";
  if (fs::exists(dir / "traces.otf2")) {
    std::fprintf(stderr, "%s: wrote %s: %s\n", program().c_str(), dir.c_str(),
                 summary_of(dir / "traces.otf2").c_str());
    return;
  }
  if (rec::has_spill_files(partial.string())) {
    // The ranks died before MPI_Finalize: what they spilled becomes the archive, marked.
    name_first_death(partial, status);
    note_incomplete(partial, "the run ended before MPI_Finalize (exit status " +
                                 std::to_string(status) + ")");
    const rec::Completion done = rec::complete_archive(partial.string());
    std::error_code ec;
    fs::remove_all(partial / "status", ec); // the watchdog's records of ranks that died
    const std::string reason = first_line(partial / "INCOMPLETE");
    if (done.error.empty())
      std::fprintf(stderr,
                   "%s: error: incomplete trace: %s (%s kept: %u of %u ranks left "
                   "events, %llu messages sent)\n",
                   program().c_str(), reason.c_str(), partial.c_str(), done.with_events, done.ranks,
                   static_cast<unsigned long long>(done.messages));
    else
      std::fprintf(stderr, "%s: error: incomplete trace: %s (in %s; %s)\n", program().c_str(),
                   reason.c_str(), partial.c_str(), done.error.c_str());
    return;
  }
  if (fs::exists(partial / "INCOMPLETE")) {
    std::fprintf(stderr, "%s: error: incomplete trace: %s (in %s)\n", program().c_str(),
                 first_line(partial / "INCOMPLETE").c_str(), partial.c_str());
  } else {
    std::fprintf(stderr,
                 "%s: error: no trace written to %s: the program never reached "
                 "MPI_Finalize with the tracer (is it an MPI program?), or discarded its trace "
                 "(collscope-run refused its arguments)\n",
                 program().c_str(), dir.c_str());
  }
}

} // namespace

namespace {

struct RecordArgs {
  std::string output;
  double watchdog = 0;
  std::vector<std::string> command;
};

int run_record(const RecordArgs& a) {
  const std::string& output = a.output;
  const std::vector<std::string>& command = a.command;
  const double watchdog = a.watchdog;
  const fs::path library = tracer_library();
  if (!fs::exists(library))
    throw UsageError("tracer library not found at " + library.string() +
                     " (build it, or set COLLSCOPE_TRACE_LIB)");
  const fs::path dir = fs::absolute(output);
  // As collscope-run --trace: the folders above the trace are made here (the tracer makes
  // only DIR.partial, and would otherwise trace nothing).
  std::error_code made;
  if (!fs::create_directories(dir.parent_path(), made) && made &&
      !fs::is_directory(dir.parent_path()))
    throw UsageError("-o " + output + ": cannot create the folder " + dir.parent_path().string() +
                     ": " + made.message());

  const int status = run_program(command, library, dir, watchdog);
  // Whatever goes wrong with the trace from here on is said, never the exit status's business.
  try {
    report_trace(dir, status);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: reading what the run wrote to %s: %s\n", program().c_str(),
                 dir.c_str(), e.what());
  }
  return status; // the program's own, whatever became of its trace
}

} // namespace

Command add_record(CLI::App& app, const std::vector<std::string>& after_dashes) {
  CLI::App& sub = *app.add_subcommand(
      "record",
      R"(Runs an MPI program (e.g. mpirun -np 4 ./a.out) with the tracer preloaded; the OTF2
archive goes to DIR. With --watchdog, a run whose ranks all sit in MPI calls for S seconds
is reported (each rank's call) and stopped. The program's output and exit status pass
through (128 + N if signal N ended it); 2 only for a mistake of record's own.)");
  const auto a = std::make_shared<RecordArgs>();
  cli::synopsis(sub, {"-o DIR [--watchdog S] -- COMMAND..."});
  // After record's options, the first other word starts the program: its options are its own.
  sub.prefix_command();
  sub.add_option("-o,--output", a->output, "the trace's archive directory (made with its parents)")
      ->required()
      ->type_name("DIR");
  sub.add_option_function<std::string>(
         "--watchdog",
         [a](const std::string& v) {
           const std::optional<double> s = cli::real(v);
           if (!s || !(*s > 0) || *s > 1e6)
             throw UsageError("--watchdog needs a number of seconds (0 < s <= 1e6), got '" + v +
                              "'");
           a->watchdog = *s;
         },
         "stop a run whose ranks all sit in MPI calls for S seconds, and say where")
      ->type_name("S");
  sub.callback([a, &sub, after_dashes] {
    a->command = sub.remaining();
    a->command.insert(a->command.end(), after_dashes.begin(), after_dashes.end());
    if (a->command.empty())
      throw UsageError("record needs a command after --, e.g. mpirun -np 4 ./a.out");
  });
  return [a] { return run_record(*a); };
}

} // namespace collscope::trace_cli
