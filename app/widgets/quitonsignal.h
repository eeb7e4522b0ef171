// SIGTERM, SIGINT and SIGHUP end the event loop instead of the process, so that whatever the
// app started (a scene's mpirun recording its run) is stopped by the destructors as on Q —
// killed outright, collscope would leave mpirun and its ranks running to their end. The
// handler only writes a byte to a pipe (async-signal-safe); the event loop reads it.
#pragma once

#include <QObject>
#include <QSocketNotifier>
#include <memory>

namespace collscope::app {

class QuitOnSignal : public QObject {
  Q_OBJECT
public:
  /// Installs the handlers (once per process); the signal quits QCoreApplication.
  explicit QuitOnSignal(QObject* parent = nullptr);
  ~QuitOnSignal() override;

  /// The signal that arrived, 0 if none.
  int received() const { return m_received; }

private:
  std::unique_ptr<QSocketNotifier> m_notifier;
  int m_received = 0;
};

} // namespace collscope::app
