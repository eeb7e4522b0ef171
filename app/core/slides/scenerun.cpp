#include "slides/scenerun.h"

#include "run/algorithmcatalog.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>
#include <unistd.h>

namespace collscope::app::slides {

RunEnvironment sceneRunEnvironment(QString* problem) {
  RunEnvironment env;
  env.mpirun = QStandardPaths::findExecutable(QStringLiteral("mpirun"));
  const QString fromEnv = qEnvironmentVariable("COLLSCOPE_RUN");
  env.collscopeRun = fromEnv.isEmpty()
                         ? AlgorithmCatalog::runnerIn(QCoreApplication::applicationDirPath())
                         : QFileInfo(fromEnv).absoluteFilePath();
  env.cores = std::max(1, QThread::idealThreadCount());
  env.root = ::geteuid() == 0;
  if (problem) {
    if (env.collscopeRun.isEmpty() || !QFileInfo(env.collscopeRun).isExecutable())
      *problem = QStringLiteral("collscope-run was not found next to this program (%1)")
                     .arg(QCoreApplication::applicationDirPath());
    else if (env.mpirun.isEmpty())
      *problem = QStringLiteral("mpirun is not on the PATH (install Open MPI: apt-get install "
                                "openmpi-bin)");
  }
  return env;
}

QString scenesDirectory() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation))
      .filePath(QStringLiteral("collscope/scenes"));
}

QString sceneKey(const Scene& scene, const QString& runner) {
  QCryptographicHash hash(QCryptographicHash::Sha1);
  hash.addData(QStringLiteral("-np %1").arg(scene.processes).toUtf8());
  for (const QString& word : scene.runArguments) hash.addData(("\x1f" + word).toUtf8());
  const QFileInfo binary(runner);
  hash.addData(QStringLiteral("\x1e%1 %2 %3")
                   .arg(binary.absoluteFilePath())
                   .arg(binary.size())
                   .arg(binary.lastModified().toMSecsSinceEpoch())
                   .toUtf8());
  return QString::fromLatin1(hash.result().toHex().left(16));
}

RunCommand sceneRunCommand(const Scene& scene, const RunEnvironment& environment,
                           const QString& traceDir) {
  RunCommand command;
  command.program = environment.mpirun;
  if (scene.processes > environment.cores) command.arguments << QStringLiteral("--oversubscribe");
  command.arguments << QStringLiteral("-np") << QString::number(scene.processes)
                    << environment.collscopeRun << scene.runArguments
                    << QStringLiteral("--repetitions") << QStringLiteral("1")
                    << QStringLiteral("--warmup") << QStringLiteral("0")
                    << QStringLiteral("--trace") << traceDir;
  if (environment.root)
    command.environment << QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT=1")
                        << QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1");
  return command;
}

} // namespace collscope::app::slides
