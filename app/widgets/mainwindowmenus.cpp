// MainWindow's actions, menus and the dialogs they open.
#include "callsdock.h"
#include "collscope/model/load_trace.hpp"
#include "export/viewexporter.h"
#include "mainwindow.h"
#include "messagesdock.h"
#include "presentation.h"
#include "recentfiles.h"
#include "run/lecturerun.h"
#include "rundialog.h"
#include "spacetimewidget.h"
#include "statisticsdock.h"

#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace collscope::app {

namespace {

QAction* action(QObject* parent, const QString& text, const QList<QKeySequence>& keys,
                const QString& tip) {
  auto* a = new QAction(text, parent);
  a->setShortcuts(keys);
  a->setToolTip(
      QStringLiteral("%1 (%2)").arg(tip, keys.isEmpty() ? QString() : keys.first().toString()));
  return a;
}

} // namespace

void MainWindow::createActions() {
  PlaybackActions& p = m_playbackActions;
  p.toStart = action(this, tr("|◀ Start"), {Qt::Key_Home}, tr("To the start"));
  p.roundBack = action(this, tr("◀◀ Round"), {Qt::SHIFT | Qt::Key_Left}, tr("Previous round"));
  p.eventBack = action(this, tr("◀ Event"), {Qt::Key_Left}, tr("Previous event"));
  p.playPause = action(this, tr("▶ Play"), {Qt::Key_Space}, tr("Play or pause"));
  p.eventForward = action(this, tr("Event ▶"), {Qt::Key_Right}, tr("Next event"));
  p.roundForward = action(this, tr("Round ▶▶"), {Qt::SHIFT | Qt::Key_Right}, tr("Next round"));
  p.toEnd = action(this, tr("End ▶|"), {Qt::Key_End}, tr("To the end"));
  p.slower = action(this, tr("&Slower"), {Qt::Key_Minus}, tr("Slower"));
  p.faster = action(this, tr("&Faster"), {Qt::Key_Plus, Qt::Key_Equal}, tr("Faster"));
  // The menu names them; the toolbar keeps the compact signs next to the speed.
  p.slower->setIconText(QStringLiteral("−"));
  p.faster->setIconText(QStringLiteral("+"));
  connect(p.toStart, &QAction::triggered, m_playback, &Playback::toStart);
  connect(p.roundBack, &QAction::triggered, m_playback, [this] { m_playback->stepRound(-1); });
  connect(p.eventBack, &QAction::triggered, m_playback, [this] { m_playback->stepEvent(-1); });
  connect(p.playPause, &QAction::triggered, m_playback, &Playback::togglePlay);
  connect(p.eventForward, &QAction::triggered, m_playback, [this] { m_playback->stepEvent(1); });
  connect(p.roundForward, &QAction::triggered, m_playback, [this] { m_playback->stepRound(1); });
  connect(p.toEnd, &QAction::triggered, m_playback, &Playback::toEnd);
  connect(p.slower, &QAction::triggered, m_playback, &Playback::slower);
  connect(p.faster, &QAction::triggered, m_playback, &Playback::faster);

  m_exportAction = action(this, tr("&Export View…"), {QKeySequence(tr("Ctrl+E"))},
                          tr("Export the current view to PNG or SVG"));
  connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportView);
  m_fitAction =
      action(this, tr("&Fit to Window"), {QKeySequence(tr("F")), QKeySequence(tr("Ctrl+0"))},
             tr("Show the whole trace"));
  m_zoomInAction = action(this, tr("Zoom &In"), {QKeySequence::ZoomIn}, tr("Zoom in"));
  m_zoomOutAction = action(this, tr("Zoom &Out"), {QKeySequence::ZoomOut}, tr("Zoom out"));
  connect(m_fitAction, &QAction::triggered, this, [this] {
    if (m_spaceTime) m_spaceTime->fit();
  });
  m_criticalPathAction = action(this, tr("Highlight &Critical Path"), {QKeySequence(tr("C"))},
                                tr("Mark the messages of the critical path in the space-time "
                                   "diagram"));
  m_criticalPathAction->setCheckable(true);
  m_criticalPathAction->setChecked(true);
  connect(m_criticalPathAction, &QAction::toggled, this, [this](bool on) {
    if (!m_spaceTime) return;
    m_spaceTime->spaceTime().setCriticalPathVisible(on);
    m_spaceTime->update();
  });
  connect(m_zoomInAction, &QAction::triggered, this, [this] {
    if (m_spaceTime) m_spaceTime->zoomIn();
  });
  connect(m_zoomOutAction, &QAction::triggered, this, [this] {
    if (m_spaceTime) m_spaceTime->zoomOut();
  });

  auto* group = new QActionGroup(this);
  const std::array<QString, 3> names = {tr("Physical &Time"), tr("Rounds, &Inferred"),
                                        tr("Rounds, &Annotated")};
  const std::array<QKeySequence, 3> keys = {QKeySequence(tr("T")), QKeySequence(tr("R")),
                                            QKeySequence(tr("A"))};
  for (std::size_t i = 0; i < names.size(); ++i) {
    QAction* a = action(group, names[i], {keys[i]}, tr("x axis"));
    a->setCheckable(true);
    const auto mode = static_cast<AxisMode>(i);
    connect(a, &QAction::triggered, this, [this, mode] { setAxisMode(mode); });
    m_axisActions[i] = a;
  }
  m_axisActions[0]->setChecked(true);
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  connect(file->addAction(tr("&Open Trace…")), &QAction::triggered, this,
          &MainWindow::openFileDialog);
  file->actions().last()->setShortcut(QKeySequence::Open);
  connect(file->addAction(tr("Open Trace &Directory…")), &QAction::triggered, this,
          &MainWindow::openDirectoryDialog);
  m_recentMenu = file->addMenu(tr("Open &Recent"));
  m_recent = new RecentFiles(m_recentMenu, this);
  connect(m_recent, &RecentFiles::openRequested, this, &MainWindow::openTrace);
  connect(file->addAction(tr("&Run a Collective…")), &QAction::triggered, this,
          &MainWindow::showRunDialog);
  file->actions().last()->setShortcut(QKeySequence(tr("Ctrl+R")));
  file->addAction(m_exportAction);
  connect(file->addAction(tr("Compare with the &Lecture…")), &QAction::triggered, this,
          &MainWindow::compareWithLecture);
  file->actions().last()->setShortcut(QKeySequence(tr("Ctrl+L")));
  connect(file->addAction(tr("&Present…")), &QAction::triggered, this, &MainWindow::presentDialog);
  file->addSeparator();
  connect(file->addAction(tr("&Quit")), &QAction::triggered, this, &QWidget::close);
  file->actions().last()->setShortcut(QKeySequence::Quit);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(m_fitAction);
  view->addAction(m_zoomInAction);
  view->addAction(m_zoomOutAction);
  view->addAction(m_criticalPathAction);
  view->addSeparator()->setText(tr("x axis"));
  for (QAction* a : m_axisActions) view->addAction(a);
  view->addSeparator();
  view->addAction(m_calls->toggleViewAction());
  view->addAction(m_statistics->toggleViewAction());
  view->addAction(m_messages->toggleViewAction());

  QMenu* playback = menuBar()->addMenu(tr("&Playback"));
  const PlaybackActions& p = m_playbackActions;
  for (QAction* a : {p.playPause, p.eventForward, p.eventBack, p.roundForward, p.roundBack,
                     p.toStart, p.toEnd, p.faster, p.slower})
    playback->addAction(a);
  // Menus keep the shortcuts alive while the toolbar is hidden.
  addActions(playback->actions());
}

void MainWindow::openFileDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open trace"), QString(),
                                                    tr("OTF2 traces (*.otf2);;All files (*)"));
  if (!path.isEmpty()) openTrace(path);
}

void MainWindow::openDirectoryDialog() {
  const QString path = QFileDialog::getExistingDirectory(this, tr("Open trace directory"));
  if (!path.isEmpty()) openTrace(path);
}

void MainWindow::exportView() {
  TraceViewWidget* widget = currentView();
  if (widget == nullptr || !m_document) return;
  const QString base = QFileInfo(m_document->path()).fileName();
  const QString suggestion = QDir::home().filePath(base + QLatin1Char('-') + widget->view().name() +
                                                   QStringLiteral(".png"));
  const QString path = QFileDialog::getSaveFileName(this, tr("Export view"), suggestion,
                                                    tr("PNG image (*.png);;SVG drawing (*.svg)"));
  if (path.isEmpty()) return;
  // Projector size, same window of the trace and the same cursor as on screen.
  const QString error =
      ViewExporter::exportToFile(widget->view(), *m_playback, path, QSize(1920, 1080));
  widget->update();
  if (error.isEmpty())
    statusBar()->showMessage(tr("Wrote %1").arg(path), 8000);
  else
    QMessageBox::warning(this, tr("Export failed"), error);
}

void MainWindow::presentDialog() {
  const QString deck = QFileDialog::getOpenFileName(this, tr("Present a Deck"), QString(),
                                                    tr("Slide decks (*.md);;All files (*)"));
  if (!deck.isEmpty()) present(deck);
}

void MainWindow::present(const QString& path) {
  const slides::Deck deck = slides::loadDeck(path);
  if (deck.slides.empty()) {
    QMessageBox::warning(this, tr("Present"), deck.errorLines().join(QLatin1Char('\n')));
    return;
  }
  delete m_presentation;
  auto* presentation = new Presentation(deck, {}, this);
  m_presentation = presentation;
  // Closing the talk's window ends it; deleting it stops a recording still under way.
  connect(presentation, &Presentation::closed, presentation, &QObject::deleteLater);
  presentation->start();
}

void MainWindow::showRunDialog() {
  // The dialog lists the catalog's algorithms: wait for it if collscope-run is still answering.
  m_catalogLoader->waitForLoaded(5000);
  auto* dialog = new RunDialog(catalog(), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &RunDialog::traceReady, this, &MainWindow::openTrace);
  dialog->show();
}

void MainWindow::compareWithLecture() {
  if (!m_whole) return;
  // The selected call; with "Whole program" selected, a trace of one call compares that one.
  int call = m_currentCall;
  if (call < 0 && m_whole->calls().size() == 1) call = 0;
  std::optional<RunRequest> request;
  if (call >= 0) request = lectureRun(m_whole->calls().resemblance(call));
  m_catalogLoader->waitForLoaded(5000);
  auto* dialog = new RunDialog(catalog(), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowTitle(call >= 0 ? tr("Compare call %1 with the lecture").arg(call)
                                   : tr("Compare with the lecture"));
  if (request) dialog->setRequest(*request);
  // The recorded run opens beside what the window shows now, not in its place.
  const std::shared_ptr<TraceDocument> shown = m_document;
  connect(dialog, &RunDialog::traceReady, this, [this, shown](const QString& dir) {
    try {
      std::shared_ptr<TraceDocument> run = TraceDocument::load(dir);
      // Its algorithm call, from 0 like the call above it (not the driver's set-up before it).
      if (std::shared_ptr<TraceDocument> own = lectureCall(*run)) run = std::move(own);
      compareWith(std::move(run), shown);
    } catch (const model::TraceError& error) {
      QMessageBox::warning(this, tr("Cannot open trace"), QString::fromUtf8(error.what()));
    }
  });
  dialog->show();
}

} // namespace collscope::app
