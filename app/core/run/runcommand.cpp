#include "run/runcommand.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace collscope::app {

bool collectiveHasRoot(const QString& collective) {
  // allgather, allgatherv, alltoall, allreduce: every rank ends with the result; reduce-scatter
  // and the prefix sums: every rank with its own part of it.
  // barrier, ibarrier: nothing but the communicator; iallreduce: as allreduce.
  return !collective.startsWith(QLatin1String("all")) &&
         !collective.startsWith(QLatin1String("iall")) &&
         !collective.endsWith(QLatin1String("barrier")) &&
         !collective.startsWith(QLatin1String("reduce_scatter")) &&
         collective != QLatin1String("scan") && collective != QLatin1String("exscan");
}

bool collectiveReduces(const QString& collective) {
  return collective.startsWith(QLatin1String("reduce")) ||
         collective == QLatin1String("allreduce") || collective == QLatin1String("iallreduce") ||
         collective == QLatin1String("scan") ||
         collective == QLatin1String("exscan");
}

QStringList reductionOps() {
  return {QStringLiteral("sum"), QStringLiteral("max"), QStringLiteral("noncommutative")};
}

bool collectiveIsIrregular(const QString& collective) {
  // alltoallv's sizes follow --count (collscope-run: count·((i+j+1) mod 3)), not --problem.
  return collective.endsWith(QLatin1Char('v')) && collective != QLatin1String("alltoallv");
}

QStringList problemTypes() {
  return {QStringLiteral("same"),        QStringLiteral("random"),     QStringLiteral("bucket"),
          QStringLiteral("spikes"),      QStringLiteral("increasing"), QStringLiteral("decreasing"),
          QStringLiteral("alternating"), QStringLiteral("two-blocks"), QStringLiteral("farthest")};
}

QString validateRunRequest(const RunRequest& request) {
  if (request.collective.isEmpty()) return QStringLiteral("choose a collective");
  if (request.algorithm.isEmpty()) return QStringLiteral("choose an algorithm");
  if (request.processes < 1) return QStringLiteral("the number of processes must be at least 1");
  if (collectiveHasRoot(request.collective) &&
      (request.root < 0 || request.root >= request.processes))
    return QStringLiteral("root %1 is not a rank of %2 processes (0..%3)")
        .arg(request.root)
        .arg(request.processes)
        .arg(request.processes - 1);
  if (request.count < 1) return QStringLiteral("the count must be at least 1");
  if (request.traceDir.isEmpty()) return QStringLiteral("no directory for the trace");
  return {};
}

QString runsDirectory() {
  // GenericCacheLocation is ~/.cache itself; CacheLocation would add organization/application.
  return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation))
      .filePath(QStringLiteral("collscope/runs"));
}

QString newTraceDirectory(const QString& runs, const RunRequest& request, const QDateTime& when) {
  const QString base =
      QDir(runs).filePath(QStringLiteral("%1-%2-p%3-%4")
                              .arg(request.collective, request.algorithm)
                              .arg(request.processes)
                              .arg(when.toString(QStringLiteral("yyyyMMdd-hhmmss"))));
  QString dir = base;
  for (int n = 2; QFileInfo::exists(dir) || QFileInfo::exists(dir + QStringLiteral(".partial"));
       ++n)
    dir = QStringLiteral("%1-%2").arg(base).arg(n);
  return dir;
}

RunCommand buildRunCommand(const RunRequest& request, const RunEnvironment& environment) {
  RunCommand command;
  command.program = environment.mpirun;
  if (request.processes > environment.cores) command.arguments << QStringLiteral("--oversubscribe");
  command.arguments << QStringLiteral("-np") << QString::number(request.processes)
                    << environment.collscopeRun << request.collective
                    << QStringLiteral("--algorithm") << request.algorithm;
  if (collectiveHasRoot(request.collective))
    command.arguments << QStringLiteral("--root") << QString::number(request.root);
  if (!request.collective.endsWith(QLatin1String("barrier"))) // a barrier moves no data
    command.arguments << QStringLiteral("--count") << QString::number(request.count)
                      << QStringLiteral("--datatype") << request.datatype;
  const bool bcastPipeline = request.collective == QStringLiteral("bcast") &&
                             request.algorithm == QStringLiteral("pipeline");
  if (request.blocks > 0 && (request.usesBlocks || bcastPipeline))
    command.arguments << QStringLiteral("--blocks") << QString::number(request.blocks);
  if (collectiveReduces(request.collective) && !request.op.isEmpty())
    command.arguments << QStringLiteral("--op") << request.op;
  if (collectiveIsIrregular(request.collective) && !request.problem.isEmpty())
    command.arguments << QStringLiteral("--problem") << request.problem;
  if (request.piece > 0 && request.collective == QStringLiteral("allgatherv") &&
      request.algorithm == QStringLiteral("ring-pipelined"))
    command.arguments << QStringLiteral("--piece") << QString::number(request.piece);
  command.arguments << QStringLiteral("--repetitions") << QStringLiteral("1")
                    << QStringLiteral("--warmup") << QStringLiteral("0")
                    << QStringLiteral("--trace") << request.traceDir;
  if (environment.root)
    command.environment << QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT=1")
                        << QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1");
  return command;
}

} // namespace collscope::app
