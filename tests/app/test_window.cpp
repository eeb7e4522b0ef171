// The window itself, offscreen: it opens a trace off the GUI thread, plays it with the keys,
// selects a message by clicking its arrow, says so when a file is not a trace, and (with MPI)
// runs a collective from the run dialog.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "document/selection.h"
#include "format/units.h"
#include "mainwindow.h"
#include "models/statisticsmodel.h"
#include "paint/viewstyle.h"
#include "playbackbar.h"
#include "run/catalogloader.h"
#include "rundialog.h"
#include "runprocess.h"
#include "spacetimewidget.h"
#include "statisticsdock.h"
#include "traceviewwidget.h"
#include "views/treeview.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFontInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <catch2/catch.hpp>
#include <limits>

using namespace collscope;
using namespace collscope::app;

namespace {

bool waitFor(const std::function<bool()>& condition, int ms = 15000) {
  QElapsedTimer timer;
  timer.start();
  while (!condition() && timer.elapsed() < ms) QTest::qWait(20);
  return condition();
}

/// Shows the window and opens a binomial gather on 8 ranks written to `dir`.
void showGather(MainWindow& window, const test::TempDir& dir) {
  const auto path = test::binomial_gather(8, 1000).write(dir / "gather");
  window.resize(1400, 900);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  window.openTrace(QString::fromStdString(path.string()));
  REQUIRE(
      waitFor([&] { return window.windowTitle().contains(QStringLiteral("gather/binomial")); }));
  // The registry's catalog arrives in the background and rebuilds the statistics rows: wait for
  // it, so that no test clicks or edits a row that the catalog moves under it (on a loaded
  // machine it came after the trace and turned the α row's index into another row's).
  if (auto* catalog = window.findChild<CatalogLoader*>()) {
    REQUIRE(waitFor([&] { return !catalog->isLoading(); }, 60000));
    QTest::qWait(0);
  }
}

} // namespace

TEST_CASE("the window opens a trace, plays it from the keyboard and selects by clicking") {
  const test::TempDir dir;
  MainWindow window;
  showGather(window, dir);

  auto* view = window.findChild<SpaceTimeWidget*>();
  auto* playback = window.findChild<Playback*>();
  auto* selection = window.findChild<Selection*>();
  REQUIRE(view);
  REQUIRE(playback);
  REQUIRE(selection);
  CHECK(playback->atEnd());
  window.activateWindow();
  view->setFocus();
  QTest::qWait(50);

  QTest::keyClick(view, Qt::Key_Home);
  CHECK(playback->cursor() == 0.0);
  QTest::keyClick(view, Qt::Key_Right);
  CHECK(playback->cursor() == Approx(test::at(0, 2)));
  QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
  CHECK(playback->completedRounds() == 1);
  QTest::keyClick(view, Qt::Key_Plus);
  CHECK(playback->speed() == 2.0);
  QTest::keyClick(view, Qt::Key_Space);
  CHECK(playback->isPlaying());
  QTest::keyClick(view, Qt::Key_Space);
  CHECK_FALSE(playback->isPlaying());
  QTest::keyClick(view, Qt::Key_End);
  CHECK(playback->atEnd());

  view->repaint();
  const int m = apptest::findMessage(view->spaceTime().document(), 2, 0);
  const QPointF onArrow = view->spaceTime().messageLine(m).pointAt(0.5);
  QTest::mouseClick(view, Qt::LeftButton, {}, onArrow.toPoint());
  CHECK(selection->message() == m);

  const QString shot = qEnvironmentVariable("COLLSCOPE_APP_SCREENSHOT");
  if (!shot.isEmpty()) window.grab().save(shot);

  QTest::keyClick(view, Qt::Key_R); // x axis: inferred rounds
  CHECK(playback->clock()->isRounds());
  QTest::keyClick(view, Qt::Key_T);
  CHECK_FALSE(playback->clock()->isRounds());
}

TEST_CASE("the window has a tab per view, clicking a rank in the tree selects it everywhere") {
  const test::TempDir dir;
  MainWindow window;
  showGather(window, dir);
  auto* tabs = window.findChild<QTabWidget*>();
  REQUIRE(tabs);
  QStringList titles;
  for (int i = 0; i < tabs->count(); ++i) titles << tabs->tabText(i);
  CHECK(titles == QStringList{QStringLiteral("Space-time diagram"), QStringLiteral("Tree"),
                              QStringLiteral("Circulant pattern"), QStringLiteral("Data by origin"),
                              QStringLiteral("Gather delays"), QStringLiteral("Hypercube")});
  window.showView(QStringLiteral("tree"));
  auto* widget = qobject_cast<TraceViewWidget*>(tabs->currentWidget());
  REQUIRE(widget);
  REQUIRE(widget->view().name() == QStringLiteral("tree"));
  QTest::qWait(50);
  widget->repaint();
  const auto& tree = static_cast<TreeView&>(widget->view());
  // Find rank 4's box by hit testing the painted widget, then click it.
  QPoint target(-1, -1);
  for (int y = 0; y < widget->height() && target.x() < 0; y += 5)
    for (int x = 0; x < widget->width() && target.x() < 0; x += 5)
      if (tree.rankAt(QPointF(x, y)) == 4) target = QPoint(x, y);
  REQUIRE(target.x() >= 0);
  auto* selection = window.findChild<Selection*>();
  QTest::mouseClick(widget, Qt::LeftButton, {}, target);
  CHECK(selection->rank() == 4);
  // The space-time view shares the selection.
  auto* spaceTime = window.findChild<SpaceTimeWidget*>();
  CHECK(spaceTime->spaceTime().selectedRank() == 4);
}

TEST_CASE("the window says so, in one readable message, when a file is not a trace") {
  MainWindow window;
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  QString shown;
  QTimer closer;
  QObject::connect(&closer, &QTimer::timeout, [&] {
    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
      shown = box->text();
      box->accept();
    }
  });
  closer.start(20);
  window.openTrace(QStringLiteral("/nonexistent/trace"));
  REQUIRE(waitFor([&] { return !shown.isEmpty(); }));
  CHECK(shown.contains(QStringLiteral("trace not found: /nonexistent/trace")));
  CHECK(window.windowTitle() == QStringLiteral("collscope"));
}

TEST_CASE("no stale progress dialog covers the error of a trace that cannot be opened") {
  MainWindow window;
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  // The error box stays up longer than the progress dialog's minimum duration (300 ms): a
  // dialog left behind would show itself meanwhile, at 0 %, over the error.
  bool stale = false, closed = false;
  QElapsedTimer since;
  QTimer watcher;
  QObject::connect(&watcher, &QTimer::timeout, [&] {
    for (const QProgressDialog* dialog : window.findChildren<QProgressDialog*>())
      if (dialog->isVisible() && since.isValid()) stale = true;
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (box == nullptr) return;
    if (!since.isValid()) since.start();
    if (since.elapsed() > 800) {
      box->accept();
      closed = true;
    }
  });
  watcher.start(20);
  window.openTrace(QStringLiteral("/nonexistent/trace"));
  REQUIRE(waitFor([&] { return closed; }));
  CHECK_FALSE(stale);
  QTest::qWait(100);
  for (const QProgressDialog* dialog : window.findChildren<QProgressDialog*>())
    CHECK_FALSE(dialog->isVisible());
}

// Needs MPI: registered on its own (hidden from the default run, see CMakeLists.txt).
TEST_CASE("the run dialog runs collscope-run under mpirun and hands over the trace", "[.][mpi]") {
  const QString runner = AlgorithmCatalog::runnerIn(QCoreApplication::applicationDirPath());
  REQUIRE_FALSE(runner.isEmpty());
  RunDialog dialog(AlgorithmCatalog::fromProgram(runner, 10000));
  dialog.show();
  const RunRequest request = dialog.request();
  CHECK(request.collective == QStringLiteral("gather"));
  CHECK(request.algorithm == QStringLiteral("binomial"));
  QSignalSpy ready(&dialog, &RunDialog::traceReady);
  QPushButton* run = nullptr;
  for (QPushButton* button : dialog.findChildren<QPushButton*>())
    if (button->text() == QStringLiteral("Run")) run = button;
  REQUIRE(run);
  run->click();
  REQUIRE(waitFor([&] { return ready.count() == 1; }, 90000));
  const QString traceDir = ready.at(0).at(0).toString();
  REQUIRE(dialog.findChild<QPlainTextEdit*>());
  CHECK(
      dialog.findChild<QPlainTextEdit*>()->toPlainText().contains(QStringLiteral("verified: yes")));
  const auto document = TraceDocument::load(traceDir);
  CHECK(document->rankCount() == 8);
  CHECK(document->messageCount() == 7);
  QDir(traceDir).removeRecursively();

  // The registry's scan algorithms are offered, with the operation.
  auto* collective = dialog.findChild<QComboBox*>(QStringLiteral("runCollective"));
  auto* algorithm = dialog.findChild<QComboBox*>(QStringLiteral("runAlgorithm"));
  auto* op = dialog.findChild<QComboBox*>(QStringLiteral("runOp"));
  REQUIRE(collective);
  REQUIRE(algorithm);
  REQUIRE(op);
  for (const char* name : {"allreduce", "scan", "exscan"})
    CHECK(collective->findText(QString::fromLatin1(name)) >= 0);
  collective->setCurrentText(QStringLiteral("scan"));
  for (const char* name : {"hillis-steele", "binomial-updown", "pipeline", "native"})
    CHECK(algorithm->findText(QString::fromLatin1(name)) >= 0);
  algorithm->setCurrentText(QStringLiteral("hillis-steele"));
  REQUIRE(op->isEnabled());
  op->setCurrentText(QStringLiteral("noncommutative"));
  CHECK(dialog.request().op == QStringLiteral("noncommutative"));
  run->click();
  REQUIRE(waitFor([&] { return ready.count() == 2; }, 90000));
  const QString scanDir = ready.at(1).at(0).toString();
  const auto scan = TraceDocument::load(scanDir);
  CHECK(scan->messageCount() == 7 + 6 + 4); // rank i sends to i + 2^k < 8 in rounds 0, 1, 2
  QDir(scanDir).removeRecursively();
}

TEST_CASE("the statistics table edits α in the unit shown, Enter keeps the value, nan is refused") {
  const test::TempDir dir;
  MainWindow window;
  showGather(window, dir);
  auto* table = window.findChild<QTableView*>(QStringLiteral("statisticsTable"));
  auto* message = window.findChild<QLabel*>(QStringLiteral("statisticsMessage"));
  REQUIRE(table);
  REQUIRE(message);
  auto* model = qobject_cast<StatisticsModel*>(table->model());
  REQUIRE(model);
  table->parentWidget()->window()->show();
  const double before = model->alphaBeta().alpha;

  const auto edit = [&](const QString* text) {
    const QModelIndex alpha = model->index(model->rowOf(QStringLiteral("α (per message)")), 1);
    REQUIRE(alpha.isValid());
    table->setCurrentIndex(alpha);
    table->edit(alpha);
    auto* editor = table->findChild<QLineEdit*>();
    REQUIRE(editor);
    CHECK(editor->text() == formatDuration(before));
    if (text) {
      editor->selectAll();
      QTest::keyClicks(editor, *text);
    }
    QTest::keyClick(editor, Qt::Key_Return);
    QTest::qWait(0);
  };
  edit(nullptr);
  CHECK(model->alphaBeta().alpha == before);
  CHECK(message->text().isEmpty());

  const QString nan = QStringLiteral("nan");
  edit(&nan);
  CHECK(model->alphaBeta().alpha == before);
  CHECK(message->text() == QStringLiteral("α must be finite, not nan"));

  const QString three = QStringLiteral("3 µs");
  edit(&three);
  CHECK(model->alphaBeta().alpha == Approx(3e-6));
  CHECK(message->text().isEmpty());
}

TEST_CASE("the Playback menu names every action, the toolbar keeps the short signs") {
  MainWindow window;
  QMenu* playback = nullptr;
  for (QAction* menu : window.menuBar()->actions())
    if (menu->text() == QStringLiteral("&Playback")) playback = menu->menu();
  REQUIRE(playback);
  QStringList names;
  for (QAction* a : playback->actions()) {
    const QString name = QString(a->text()).remove(QLatin1Char('&'));
    CHECK(name.count(QRegularExpression(QStringLiteral("[A-Za-z]"))) >= 3);
    names << name;
  }
  CHECK(names.contains(QStringLiteral("Faster")));
  CHECK(names.contains(QStringLiteral("Slower")));
  QStringList signs;
  for (QAction* a : window.findChild<PlaybackBar*>()->actions()) signs << a->iconText();
  CHECK(signs.contains(QStringLiteral("+")));
  CHECK(signs.contains(QStringLiteral("−")));
}

TEST_CASE("the run dialog's preview names the folder the run will use, under the runs folder") {
  RunDialog dialog(std::nullopt);
  const QString shown = dialog.findChild<QLabel*>(QStringLiteral("runCommand"))->text();
  const QString folder = dialog.request().traceDir;
  CHECK(folder.startsWith(runsDirectory() + QLatin1Char('/')));
  CHECK(shown.contains(folder.toHtmlEscaped()));
  // A second later the request still names the folder shown, not a new timestamp.
  QTest::qWait(1100);
  CHECK(dialog.request().traceDir == folder);
  // The count box takes what collscope-run takes (any int); the driver judges the buffer.
  CHECK(dialog.findChild<QSpinBox*>(QStringLiteral("runCount"))->maximum() ==
        std::numeric_limits<int>::max());
}

TEST_CASE("a stopped run leaves no DIR.partial behind") {
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const QString trace = dir.filePath(QStringLiteral("run"));
  const QString partial = trace + QStringLiteral(".partial");
  RunProcess process;
  QSignalSpy finished(&process, &RunProcess::finished);
  // Stands in for mpirun: starts writing the trace, then runs until stopped.
  process.start(
      {QStringLiteral("sh"),
       {QStringLiteral("-c"),
        QStringLiteral("mkdir -p '%1' && touch '%1/traces.otf2' && exec sleep 60").arg(partial)},
       {}},
      trace);
  REQUIRE(waitFor([&] { return QFileInfo::exists(partial + QStringLiteral("/traces.otf2")); }));
  process.stop();
  REQUIRE(waitFor([&] { return finished.count() == 1; }));
  CHECK(finished.at(0).at(0).toBool() == false);
  CHECK(finished.at(0).at(1).toString() == QStringLiteral("stopped"));
  CHECK_FALSE(QFileInfo::exists(partial));
}

TEST_CASE("at 1024×768 and 1400×900 the window leaves the diagram room, legible, columns whole") {
  for (const QSize size : {QSize(1024, 768), QSize(1400, 900)}) {
    CAPTURE(size.width(), size.height());
    const test::TempDir dir;
    MainWindow window;
    showGather(window, dir);
    window.resize(size);
    QTest::qWait(50);
    auto* diagram = window.findChild<SpaceTimeWidget*>();
    auto* dock = window.findChild<StatisticsDock*>();
    auto* table = window.findChild<QTableView*>(QStringLiteral("statisticsTable"));
    REQUIRE(diagram);
    REQUIRE(dock);
    REQUIRE(table);
    // The diagram keeps most of the width; the dock about a third.
    CHECK(dock->width() <= size.width() * 0.4);
    CHECK(diagram->width() >= size.width() * 0.55);
    CHECK(QFontInfo(ViewStyle::forSize(diagram->size()).labelFont).pixelSize() >= 16);
    // No column is narrower than its contents (the last one stretches and wraps; the rank
    // table scrolls sideways rather than squeeze a column).
    for (auto* view : window.findChildren<QTableView*>()) {
      CAPTURE(view->objectName());
      for (int column = 0; column + 1 < view->model()->columnCount(); ++column)
        CHECK(view->horizontalHeader()->sectionSize(column) >=
              static_cast<QAbstractItemView*>(view)->sizeHintForColumn(column));
    }
    CHECK(QFontInfo(table->font()).pixelSize() >= 14);
    if (const QString shots = qEnvironmentVariable("COLLSCOPE_SHOT_DIR"); !shots.isEmpty())
      window.grab().save(
          QStringLiteral("%1/window-%2x%3.png").arg(shots).arg(size.width()).arg(size.height()));
  }
}
