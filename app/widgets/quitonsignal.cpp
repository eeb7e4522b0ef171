#include "quitonsignal.h"

#include <QCoreApplication>
#include <array>
#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace collscope::app {

namespace {

constexpr std::array<int, 3> handled{SIGTERM, SIGINT, SIGHUP};
int pipeEnds[2] = {-1, -1};

extern "C" void writeSignal(int signal) {
  const char byte = static_cast<char>(signal);
  [[maybe_unused]] const ssize_t written = ::write(pipeEnds[0], &byte, 1);
}

} // namespace

QuitOnSignal::QuitOnSignal(QObject* parent) : QObject(parent) {
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pipeEnds) != 0) return;
  ::fcntl(pipeEnds[0], F_SETFL, O_NONBLOCK);
  m_notifier = std::make_unique<QSocketNotifier>(pipeEnds[1], QSocketNotifier::Read);
  connect(m_notifier.get(), &QSocketNotifier::activated, this, [this] {
    char byte = 0;
    if (::read(pipeEnds[1], &byte, 1) == 1) m_received = byte;
    QCoreApplication::quit();
  });
  struct sigaction action = {};
  action.sa_handler = writeSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (int signal : handled) ::sigaction(signal, &action, nullptr);
}

QuitOnSignal::~QuitOnSignal() {
  // From here on a signal ends the process as usual: the loop that would read it is gone.
  struct sigaction action = {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  for (int signal : handled) ::sigaction(signal, &action, nullptr);
  m_notifier.reset();
  for (int& end : pipeEnds) {
    if (end >= 0) ::close(end);
    end = -1;
  }
}

} // namespace collscope::app
