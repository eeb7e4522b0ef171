#include "runprocess.h"

#include "run/algorithmcatalog.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>
#include <QThread>
#include <unistd.h>

namespace collscope::app {

RunProcess::RunProcess(QObject* parent) : QObject(parent) {
  connect(&m_process, &QProcess::readyReadStandardOutput, this, [this] {
    emit output(QString::fromLocal8Bit(m_process.readAllStandardOutput()), false);
  });
  connect(&m_process, &QProcess::readyReadStandardError, this, [this] {
    const QString text = QString::fromLocal8Bit(m_process.readAllStandardError());
    const QString trimmed = text.trimmed();
    if (!trimmed.isEmpty()) m_lastError = trimmed.section(QLatin1Char('\n'), -1);
    emit output(text, true);
  });
  connect(&m_process, &QProcess::finished, this, &RunProcess::done);
  connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart)
      emit finished(false, tr("could not start %1").arg(m_process.program()), m_traceDir);
  });
}

RunProcess::~RunProcess() {
  stop();
}

RunEnvironment RunProcess::environment(QString* problem) {
  RunEnvironment env;
  env.mpirun = QStandardPaths::findExecutable(QStringLiteral("mpirun"));
  env.collscopeRun = AlgorithmCatalog::runnerIn(QCoreApplication::applicationDirPath());
  env.cores = std::max(1, QThread::idealThreadCount());
  env.root = ::geteuid() == 0;
  if (problem) {
    if (env.collscopeRun.isEmpty())
      *problem = tr("collscope-run was not found next to this program (%1)")
                     .arg(QDir::toNativeSeparators(QCoreApplication::applicationDirPath()));
    else if (env.mpirun.isEmpty())
      *problem = tr("mpirun is not on the PATH (install Open MPI: apt-get install openmpi-bin)");
  }
  return env;
}

void RunProcess::start(const RunCommand& command, const QString& traceDir) {
  m_traceDir = traceDir;
  m_lastError.clear();
  m_stopped = false;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  for (const QString& assignment : command.environment)
    env.insert(assignment.section(QLatin1Char('='), 0, 0), assignment.section(QLatin1Char('='), 1));
  m_process.setProcessEnvironment(env);
  m_process.setProgram(command.program);
  m_process.setArguments(command.arguments);
  m_process.start();
}

void RunProcess::stop() {
  if (!isRunning()) return;
  m_stopped = true;
  m_process.terminate();
  if (!m_process.waitForFinished(3000)) {
    m_process.kill();
    m_process.waitForFinished(2000);
  }
}

void RunProcess::done(int exitCode, QProcess::ExitStatus status) {
  if (m_stopped) {
    emit finished(false, tr("stopped"), m_traceDir);
    return;
  }
  if (status != QProcess::NormalExit) {
    emit finished(false, tr("mpirun crashed"), m_traceDir);
    return;
  }
  if (exitCode != 0) {
    emit finished(false,
                  tr("the run failed (exit status %1)%2")
                      .arg(exitCode)
                      .arg(m_lastError.isEmpty() ? QString() : QStringLiteral(": ") + m_lastError),
                  m_traceDir);
    return;
  }
  if (!QDir(m_traceDir).exists()) {
    emit finished(false, tr("the run wrote no trace to %1").arg(m_traceDir), m_traceDir);
    return;
  }
  emit finished(true, tr("done"), m_traceDir);
}

} // namespace collscope::app
