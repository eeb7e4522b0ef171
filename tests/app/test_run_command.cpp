// The run dialog's child process command line, without starting MPI.
#include "run/runcommand.h"

#include <QDir>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <limits>

using namespace collscope::app;

namespace {

RunEnvironment machine(int cores, bool root) {
  return {QStringLiteral("/usr/bin/mpirun"), QStringLiteral("/opt/bin/collscope-run"), cores, root};
}

} // namespace

TEST_CASE("mpirun runs collscope-run once, traced, with the chosen problem") {
  RunRequest r;
  r.collective = QStringLiteral("gather");
  r.algorithm = QStringLiteral("binomial");
  r.processes = 8;
  r.root = 3;
  r.count = 1000;
  r.traceDir = QStringLiteral("/tmp/run");
  const RunCommand c = buildRunCommand(r, machine(2, false));
  CHECK(c.program == QStringLiteral("/usr/bin/mpirun"));
  CHECK(c.arguments.join(' ') ==
        QStringLiteral("--oversubscribe -np 8 /opt/bin/collscope-run gather --algorithm binomial "
                       "--root 3 --count 1000 --datatype int --repetitions 1 --warmup 0 "
                       "--trace /tmp/run"));
  CHECK(c.environment.isEmpty());
  CHECK(validateRunRequest(r).isEmpty());
}

TEST_CASE("no --oversubscribe when the cores suffice, the root variables only for root") {
  RunRequest r;
  r.processes = 2;
  r.traceDir = QStringLiteral("/tmp/run");
  CHECK_FALSE(
      buildRunCommand(r, machine(2, false)).arguments.contains(QStringLiteral("--oversubscribe")));
  const RunCommand c = buildRunCommand(r, machine(2, true));
  CHECK(c.environment.contains(QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT=1")));
  CHECK(c.environment.contains(QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")));
}

TEST_CASE("allgather has no root, and a pipeline broadcast may fix its blocks") {
  RunRequest r;
  r.collective = QStringLiteral("allgather");
  r.algorithm = QStringLiteral("ring");
  r.traceDir = QStringLiteral("/tmp/run");
  CHECK_FALSE(buildRunCommand(r, machine(8, false)).arguments.contains(QStringLiteral("--root")));
  r.collective = QStringLiteral("allgatherv");
  r.algorithm = QStringLiteral("ring-pipelined");
  CHECK_FALSE(buildRunCommand(r, machine(8, false)).arguments.contains(QStringLiteral("--root")));
  CHECK(collectiveHasRoot(QStringLiteral("gatherv")));
  CHECK_FALSE(collectiveHasRoot(QStringLiteral("reduce_scatter_block")));
  CHECK_FALSE(collectiveHasRoot(QStringLiteral("reduce_scatter")));
  CHECK_FALSE(collectiveHasRoot(QStringLiteral("alltoall")));
  CHECK_FALSE(collectiveHasRoot(QStringLiteral("alltoallv")));
  // alltoallv's sizes come from --count: collscope-run refuses --problem for it.
  CHECK(collectiveIsIrregular(QStringLiteral("allgatherv")));
  CHECK_FALSE(collectiveIsIrregular(QStringLiteral("alltoallv")));
  // Irregular collectives take a problem type, the pipelined allgatherv a piece size.
  r.problem = QStringLiteral("spikes");
  r.piece = 64;
  QStringList irregular = buildRunCommand(r, machine(8, false)).arguments;
  REQUIRE(irregular.indexOf(QStringLiteral("--problem")) >= 0);
  CHECK(irregular[irregular.indexOf(QStringLiteral("--problem")) + 1] == QStringLiteral("spikes"));
  REQUIRE(irregular.indexOf(QStringLiteral("--piece")) >= 0);
  CHECK(irregular[irregular.indexOf(QStringLiteral("--piece")) + 1] == QStringLiteral("64"));
  r.algorithm = QStringLiteral("ring");
  CHECK_FALSE(buildRunCommand(r, machine(8, false)).arguments.contains(QStringLiteral("--piece")));
  CHECK(problemTypes().contains(QStringLiteral("farthest")));
  r.problem.clear();
  r.piece = 0;
  r.collective = QStringLiteral("bcast");
  r.algorithm = QStringLiteral("pipeline");
  r.blocks = 12;
  const QStringList args = buildRunCommand(r, machine(8, false)).arguments;
  CHECK(args.indexOf(QStringLiteral("--blocks")) >= 0);
  CHECK(args[args.indexOf(QStringLiteral("--blocks")) + 1] == QStringLiteral("12"));
}

TEST_CASE("reductions and prefix sums take --op; scan's pipeline its --blocks; no root") {
  RunRequest r;
  r.traceDir = QStringLiteral("/tmp/run");
  r.op = QStringLiteral("noncommutative");
  for (const char* collective : {"scan", "exscan", "allreduce", "reduce_scatter_block"}) {
    CAPTURE(collective);
    r.collective = QString::fromLatin1(collective);
    r.algorithm = QStringLiteral("native");
    const QStringList args = buildRunCommand(r, machine(8, false)).arguments;
    CHECK_FALSE(collectiveHasRoot(r.collective));
    CHECK_FALSE(args.contains(QStringLiteral("--root")));
    REQUIRE(args.indexOf(QStringLiteral("--op")) >= 0);
    CHECK(args[args.indexOf(QStringLiteral("--op")) + 1] == QStringLiteral("noncommutative"));
  }
  CHECK(collectiveReduces(QStringLiteral("reduce")));
  CHECK(collectiveHasRoot(QStringLiteral("reduce")));
  r.collective = QStringLiteral("gather");
  CHECK_FALSE(buildRunCommand(r, machine(8, false)).arguments.contains(QStringLiteral("--op")));
  r.collective = QStringLiteral("scan");
  r.algorithm = QStringLiteral("pipeline");
  r.blocks = 7;
  CHECK_FALSE(buildRunCommand(r, machine(8, false)).arguments.contains(QStringLiteral("--blocks")));
  r.usesBlocks = true; // what the registry says of scan pipeline
  const QStringList args = buildRunCommand(r, machine(8, false)).arguments;
  REQUIRE(args.indexOf(QStringLiteral("--blocks")) >= 0);
  CHECK(args[args.indexOf(QStringLiteral("--blocks")) + 1] == QStringLiteral("7"));
}

TEST_CASE("requests that cannot run say why") {
  RunRequest r;
  r.traceDir = QStringLiteral("/tmp/run");
  r.root = 8;
  CHECK(validateRunRequest(r) == QStringLiteral("root 8 is not a rank of 8 processes (0..7)"));
  r.root = 0;
  r.processes = 0;
  CHECK_FALSE(validateRunRequest(r).isEmpty());
  r.processes = 4;
  r.count = 0;
  CHECK_FALSE(validateRunRequest(r).isEmpty());
}

TEST_CASE("runs go to ~/.cache/collscope/runs, one fresh folder per run") {
  QTemporaryDir cache;
  REQUIRE(cache.isValid());
  const QByteArray saved = qgetenv("XDG_CACHE_HOME");
  qputenv("XDG_CACHE_HOME", cache.path().toLocal8Bit());
  const QString runs = runsDirectory();
  if (saved.isEmpty())
    qunsetenv("XDG_CACHE_HOME");
  else
    qputenv("XDG_CACHE_HOME", saved);
  CHECK(runs == cache.path() + QStringLiteral("/collscope/runs"));

  RunRequest r;
  const QDateTime when(QDate(2026, 1, 2), QTime(3, 4, 5));
  const QString first = newTraceDirectory(runs, r, when);
  CHECK(first == runs + QStringLiteral("/gather-binomial-p8-20260102-030405"));
  REQUIRE(QDir().mkpath(first));
  const QString second = newTraceDirectory(runs, r, when);
  CHECK(second == first + QStringLiteral("-2"));
  // A run still writing (DIR.partial) takes its name too.
  REQUIRE(QDir().mkpath(second + QStringLiteral(".partial")));
  CHECK(newTraceDirectory(runs, r, when) == first + QStringLiteral("-3"));
}

TEST_CASE("the app passes any int count on, collscope-run judges the buffer size") {
  RunRequest r;
  r.traceDir = QStringLiteral("/tmp/run");
  r.count = std::numeric_limits<int>::max();
  CHECK(validateRunRequest(r).isEmpty());
  CHECK(buildRunCommand(r, machine(8, false))
            .arguments.join(' ')
            .contains(QStringLiteral("--count 2147483647")));
}
