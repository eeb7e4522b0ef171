// The Calls dock in the real window, offscreen: a program of several calls lists them; picking
// one scopes the tabs, the statistics and the title to it; "Whole program" brings it all back;
// `--call N` opens on a call; two documents open side by side in a window of their own.
#include "app_fixtures.h"
#include "callsdock.h"
#include "comparisonwindow.h"
#include "mainwindow.h"
#include "models/statisticsmodel.h"
#include "rundialog.h"
#include "spacetimewidget.h"
#include "traceviewwidget.h"

#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QSlider>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>
#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

namespace {

bool waitUntil(const std::function<bool()>& condition, int ms = 15000) {
  QElapsedTimer timer;
  timer.start();
  while (!condition() && timer.elapsed() < ms) QTest::qWait(20);
  return condition();
}

QString statistic(MainWindow& window, const QString& quantity) {
  auto* model = window.findChild<StatisticsModel*>();
  if (model == nullptr) return {};
  for (int row = 0; row < model->rowCount(); ++row)
    if (model->index(row, 0).data().toString() == quantity)
      return model->index(row, 1).data().toString();
  return {};
}

const TraceDocument& shown(MainWindow& window) {
  return window.findChild<SpaceTimeWidget*>()->spaceTime().document();
}

} // namespace

TEST_CASE("picking a call in the Calls dock scopes every view; Whole program is one click away") {
  const test::TempDir dir;
  const auto path = apptest::barrierProgram(6, 2).write(dir / "program");
  MainWindow window;
  window.resize(1400, 900);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  window.openTrace(QString::fromStdString(path.string()));
  REQUIRE(
      waitUntil([&] { return window.windowTitle().contains(QStringLiteral("whole program")); }));
  auto* dock = window.findChild<CallsDock*>();
  REQUIRE(dock);
  CHECK(dock->isVisible());
  CHECK(dock->model()->rowCount() == 7);
  // 5 of the broadcast, 5 of the gather, 6 of the ring; the gather root's copy apart.
  CHECK(statistic(window, QStringLiteral("Messages (whole trace)")) ==
        QStringLiteral("16 (+1 to itself)"));

  // A click on the gather's row.
  QTreeView* tree = dock->view();
  tree->selectionModel()->setCurrentIndex(dock->model()->indexOfCall(2),
                                          QItemSelectionModel::ClearAndSelect |
                                              QItemSelectionModel::Rows);
  REQUIRE(window.currentCall() == 2);
  CHECK(window.windowTitle().contains(QStringLiteral("call 2 · point-to-point · p = 6")));
  REQUIRE(shown(window).call() != nullptr);
  CHECK(shown(window).call()->index == 2);
  CHECK(shown(window).clock(AxisMode::inferredRounds).columnCount() == 5);
  // Every tab reads the call's document (the tabs were rebuilt on it).
  auto* tabs = window.findChild<QTabWidget*>();
  REQUIRE(tabs);
  for (int i = 0; i < tabs->count(); ++i) {
    auto* widget = qobject_cast<TraceViewWidget*>(tabs->widget(i));
    REQUIRE(widget);
    CHECK(&widget->view().document() == &shown(window));
  }
  CHECK(statistic(window, QStringLiteral("Call")).startsWith(QStringLiteral("call 2 ·")));
  // The root's copy to itself is shown apart, as the call list counts it.
  CHECK(statistic(window, QStringLiteral("Messages")) == QStringLiteral("5 (+1 to itself)"));

  tree->selectionModel()->setCurrentIndex(dock->model()->indexOfCall(-1),
                                          QItemSelectionModel::ClearAndSelect |
                                              QItemSelectionModel::Rows);
  CHECK(window.currentCall() == -1);
  CHECK(shown(window).call() == nullptr);
  CHECK(window.windowTitle().contains(QStringLiteral("whole program")));

  SECTION("side by side in a window of its own") {
    window.showCall(0);
    window.compareWith(
        std::shared_ptr<TraceDocument>(apptest::load(apptest::barrierProgram(6, 0))));
    auto* comparison = window.findChild<ComparisonWindow*>();
    REQUIRE(comparison);
    CHECK(comparison->windowTitle().contains(QStringLiteral("call 0 ·")));
    // The window's axis box follows the mode it was opened with.
    comparison->setMode(AxisMode::inferredRounds);
    auto* axis = comparison->findChild<QComboBox*>(QStringLiteral("comparisonAxis"));
    REQUIRE(axis);
    CHECK(axis->currentData().toInt() == static_cast<int>(AxisMode::inferredRounds));
    axis->setCurrentIndex(axis->findData(static_cast<int>(AxisMode::time)));
    CHECK(comparison->view().mode() == AxisMode::time);
    comparison->close();
  }
}

TEST_CASE("collscope A B --call N --call2 M: each side its own call, one cursor for both") {
  const test::TempDir dir;
  const QString path =
      QString::fromStdString(apptest::barrierProgram(6, 2).write(dir / "program").string());
  MainWindow window;
  window.setInitialCall(CallOption{QStringLiteral("0"), false});
  window.setCompareWith(path, CallOption{QStringLiteral("2"), false, true});
  window.setAxisMode(AxisMode::inferredRounds);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  window.openTrace(path);
  REQUIRE(waitUntil([&] { return window.findChild<ComparisonWindow*>() != nullptr; }));
  auto* comparison = window.findChild<ComparisonWindow*>();
  REQUIRE(QTest::qWaitForWindowExposed(comparison));
  ComparisonView& view = comparison->view();
  REQUIRE(view.documentAt(0).call() != nullptr);
  CHECK(view.documentAt(0).call()->index == 0);
  REQUIRE(view.documentAt(1).call() != nullptr);
  CHECK(view.documentAt(1).call()->index == 2);
  // Opened at the end (both whole); Home, then a round step moves one cursor for both.
  Playback& playback = comparison->playback();
  CHECK(playback.atEnd());
  comparison->activateWindow();
  comparison->actions().toStart->trigger();
  CHECK(playback.cursor() == Approx(0.0));
  comparison->actions().roundForward->trigger();
  comparison->actions().roundForward->trigger();
  CHECK(playback.cursor() == Approx(2.0));
  const QImage image = comparison->grab().toImage();
  CHECK_FALSE(image.isNull());
  for (int half = 0; half < 2; ++half) CHECK(view.playbackAt(half).completedRounds() == 2);
  auto* bar = comparison->findChild<PlaybackBar*>();
  REQUIRE(bar);
  auto* slider = bar->findChild<QSlider*>();
  REQUIRE(slider);
  slider->setValue(slider->maximum());
  CHECK(playback.atEnd());
  comparison->close();
}

TEST_CASE("the window opens on the call --call N names") {
  const test::TempDir dir;
  const auto path = apptest::barrierProgram(5, 0).write(dir / "program");
  MainWindow window;
  window.setInitialCall(CallOption{QStringLiteral("4"), false});
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  window.openTrace(QString::fromStdString(path.string()));
  REQUIRE(waitUntil([&] { return window.windowTitle().contains(QStringLiteral("call 4 ·")); }));
  CHECK(window.currentCall() == 4);
  CHECK(window.findChild<CallsDock*>()->view()->currentIndex().data(CallListModel::CallRole) == 4);
}

TEST_CASE("compare with the lecture records what the call resembles and shows both on one axis",
          "[.][mpi]") {
  const test::TempDir dir;
  const auto path = apptest::barrierProgram(6, 2).write(dir / "program");
  MainWindow window;
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  window.openTrace(QString::fromStdString(path.string()));
  REQUIRE(
      waitUntil([&] { return window.windowTitle().contains(QStringLiteral("whole program")); }));
  window.showCall(0); // the hand-written binomial broadcast from root 2
  auto* compare = window.findChild<QPushButton*>(QStringLiteral("compareButton"));
  REQUIRE(compare);
  compare->click();
  auto* dialog = window.findChild<RunDialog*>();
  REQUIRE(dialog);
  const RunRequest request = dialog->request();
  CHECK(request.collective == QStringLiteral("bcast"));
  CHECK(request.algorithm == QStringLiteral("binomial"));
  CHECK(request.processes == 6);
  CHECK(request.root == 2);
  CHECK(request.count == 100); // 400 bytes of int
  QPushButton* run = nullptr;
  for (QPushButton* button : dialog->findChildren<QPushButton*>())
    if (button->text() == QStringLiteral("Run")) run = button;
  REQUIRE(run);
  run->click();
  REQUIRE(waitUntil([&] { return window.findChild<ComparisonWindow*>() != nullptr; }, 90000));
  auto* comparison = window.findChild<ComparisonWindow*>();
  ComparisonView& view = comparison->view();
  REQUIRE(view.documentAt(0).call() != nullptr);
  CHECK(view.documentAt(0).call()->index == 0);
  // Below: the recorded run's algorithm call, from 0, on the same round axis.
  REQUIRE(view.documentAt(1).call() != nullptr);
  CHECK(view.documentAt(1).call()->kind == model::CallKind::algorithm);
  CHECK(view.documentAt(1).messageCount() == 5);
  comparison->setMode(AxisMode::inferredRounds);
  const QImage image = comparison->grab().toImage();
  CHECK_FALSE(image.isNull());
  CHECK(view.axis(0).viewBegin() == Approx(view.axis(1).viewBegin()));
  CHECK(view.axis(0).viewEnd() == Approx(view.axis(1).viewEnd()));
  CHECK(view.axis(0).extentEnd() == Approx(3.0)); // ⌈log₂ 6⌉ rounds both
  QDir(QString::fromStdString(view.documentAt(1).trace().path)).removeRecursively();
}
