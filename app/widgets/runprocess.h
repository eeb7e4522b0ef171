// One `mpirun … collscope-run … --trace DIR` child process: its output line by line, and a
// verdict when it ends (the trace directory exists, or why not).
#pragma once

#include "run/runcommand.h"

#include <QObject>
#include <QProcess>

namespace collscope::app {

class RunProcess : public QObject {
  Q_OBJECT
public:
  explicit RunProcess(QObject* parent = nullptr);
  ~RunProcess() override;

  /// The machine's mpirun, collscope-run next to this program, cores and uid.
  static RunEnvironment environment(QString* problem);

  void start(const RunCommand& command, const QString& traceDir);
  void stop();
  bool isRunning() const { return m_process.state() != QProcess::NotRunning; }

signals:
  void output(const QString& text, bool error);
  void finished(bool ok, const QString& message, const QString& traceDir);

private:
  void done(int exitCode, QProcess::ExitStatus status);

  QProcess m_process;
  QString m_traceDir;
  QString m_lastError;
  bool m_stopped = false;
};

} // namespace collscope::app
