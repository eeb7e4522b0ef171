// The child process the run dialog starts: `mpirun [--oversubscribe] -np P collscope-run
// COLLECTIVE --algorithm A … --trace DIR`, with Open MPI's run-as-root variables when needed.
// Pure, so the command line is tested without starting MPI.
#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace collscope::app {

struct RunRequest {
  QString collective = QStringLiteral("gather");
  QString algorithm = QStringLiteral("binomial");
  int processes = 8;
  int root = 0;
  qint64 count = 1000;
  QString datatype = QStringLiteral("int");
  int blocks = 0; ///< pipelines: 0 lets the algorithm choose
  bool usesBlocks =
      false;  ///< the algorithm takes --blocks (the registry says; bcast pipeline always)
  QString op; ///< reductions: sum, max or noncommutative; empty for collscope-run's default
  /// gatherv, scatterv, allgatherv: the paper's problem type (block sizes; count is the
  /// average block b); empty for collscope-run's default
  QString problem;
  int piece = 0; ///< allgatherv ring-pipelined: piece size in elements, 0 lets it choose
  QString traceDir;
};

struct RunEnvironment {
  QString mpirun;       ///< path of mpirun
  QString collscopeRun; ///< path of collscope-run
  int cores = 1;        ///< processors of this machine
  bool root = false;    ///< running as uid 0
};

struct RunCommand {
  QString program;
  QStringList arguments;
  QStringList environment; ///< KEY=VALUE to add to the child's environment
};

/// One line naming what is wrong with the request, or an empty string.
/// Whether the collective takes --root (not allgather, allgatherv, alltoall, allreduce,
/// reduce_scatter, reduce_scatter_block, scan, exscan).
bool collectiveHasRoot(const QString& collective);
/// Whether the collective combines inputs with an operation (--op applies).
bool collectiveReduces(const QString& collective);
/// The operations collscope-run's --op takes.
QStringList reductionOps();
/// Whether --problem sets the block sizes (gatherv, scatterv, allgatherv; not alltoallv).
bool collectiveIsIrregular(const QString& collective);
/// The problem types collscope-run's --problem takes.
QStringList problemTypes();
QString validateRunRequest(const RunRequest& request);
/// Where the run dialog keeps its traces: $XDG_CACHE_HOME/collscope/runs (~/.cache/collscope/runs).
QString runsDirectory();
/// A fresh trace directory in `runs` for `request`, named by collective, algorithm, p and
/// `when` ("gather-binomial-p8-20260101-120000"); "-2", "-3" … if that name is taken.
QString newTraceDirectory(const QString& runs, const RunRequest& request, const QDateTime& when);
RunCommand buildRunCommand(const RunRequest& request, const RunEnvironment& environment);

} // namespace collscope::app
