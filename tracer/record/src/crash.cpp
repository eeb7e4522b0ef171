#include "crash.hpp"

#include "collscope/archive/raw_format.hpp"

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace collscope::rec {
namespace {

struct Watched {
  int signal;
  const char* name;
};
constexpr std::array<Watched, 4> watched{{{SIGSEGV, "SIGSEGV (segmentation fault)"},
                                          {SIGBUS, "SIGBUS (bus error)"},
                                          {SIGABRT, "SIGABRT (abort)"},
                                          {SIGTERM, "SIGTERM (terminated)"}}};

// Everything a handler touches is prepared here at MPI_Init: static storage, no allocation.
char incomplete_path[4096];
char died_path[4096]; // raw/rank-R.died: this rank's own reason, whoever wrote INCOMPLETE
std::array<char[160], watched.size()> messages;
std::array<std::size_t, watched.size()> message_lengths;
std::array<struct sigaction, watched.size()> previous;
bool armed = false;
char exit_message[160];
void (*spill_events)() = nullptr;
std::size_t exit_message_length = 0;

void on_signal(int sig) {
  const int saved_errno = errno;
  for (std::size_t i = 0; i < watched.size(); ++i) {
    if (watched[i].signal != sig) continue;
    if (armed && spill_events != nullptr) spill_events();
    note_incomplete(messages[i], message_lengths[i]);
    sigaction(sig, &previous[i], nullptr);
  }
  errno = saved_errno;
  raise(sig); // delivered to the previous handler (or the default action) once we return
}

void on_exit() {
  if (!armed) return;
  if (spill_events != nullptr) spill_events();
  note_incomplete(exit_message, exit_message_length);
}

} // namespace

void note_incomplete(const char* reason, unsigned long length) {
  for (const char* path : {incomplete_path, died_path}) {
    if (path[0] == '\0') continue;
    const int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) continue;
    [[maybe_unused]] const ssize_t n = write(fd, reason, length);
    close(fd);
  }
}

void install_crash_handlers(const char* partial_dir, int world_rank, void (*spill)()) {
  spill_events = spill;
  std::snprintf(incomplete_path, sizeof incomplete_path, "%s/INCOMPLETE", partial_dir);
  std::snprintf(died_path, sizeof died_path, "%s",
                raw_died_path(partial_dir, static_cast<std::uint32_t>(world_rank)).c_str());
  for (std::size_t i = 0; i < watched.size(); ++i) {
    std::snprintf(messages[i], sizeof messages[i], "rank %d was killed by %s before MPI_Finalize\n",
                  world_rank, watched[i].name);
    message_lengths[i] = std::strlen(messages[i]);
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(watched[i].signal, &action, &previous[i]);
  }
  std::snprintf(exit_message, sizeof exit_message, "rank %d exited without calling MPI_Finalize\n",
                world_rank);
  exit_message_length = std::strlen(exit_message);
  static bool registered = false;
  if (!registered) registered = std::atexit(on_exit) == 0;
  armed = true;
}

void uninstall_crash_handlers() {
  armed = false;
  for (std::size_t i = 0; i < watched.size(); ++i)
    sigaction(watched[i].signal, &previous[i], nullptr);
}

} // namespace collscope::rec
