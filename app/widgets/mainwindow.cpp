#include "mainwindow.h"

#include "callsdock.h"
#include "collscope/model/load_trace.hpp"
#include "comparisonwindow.h"
#include "document/selection.h"
#include "messagesdock.h"
#include "paint/spacetimerenderer.h"
#include "recentfiles.h"
#include "spacetimewidget.h"
#include "statisticsdock.h"
#include "traceloader.h"
#include "views/viewregistry.h"

#include <QCoreApplication>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QResizeEvent>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <algorithm>
#include <cstdio>
#include <utility>

namespace collscope::app {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_playback(new Playback(this)), m_selection(new Selection(this)),
      m_loader(new TraceLoader(this)), m_catalogLoader(new CatalogLoader(this)) {
  setWindowTitle(QStringLiteral("collscope"));
  setAcceptDrops(true);
  resize(1400, 900);
  m_stack = new QStackedWidget(this);
  m_placeholder = new QLabel(tr("<h2>No trace open</h2><p>File ▸ Open a trace (an OTF2 archive "
                                "written with <tt>collscope-run … --trace DIR</tt>),<br>drop a "
                                "trace directory here, or File ▸ Run a collective.</p>"),
                             m_stack);
  m_placeholder->setAlignment(Qt::AlignCenter);
  m_tabs = new QTabWidget(m_stack);
  m_stack->addWidget(m_placeholder);
  m_stack->addWidget(m_tabs);
  setCentralWidget(m_stack);

  m_statistics = new StatisticsDock(this);
  addDockWidget(Qt::RightDockWidgetArea, m_statistics);
  m_calls = new CallsDock(this);
  addDockWidget(Qt::LeftDockWidgetArea, m_calls);
  connect(m_calls, &CallsDock::callSelected, this, &MainWindow::showCall);
  connect(m_calls, &CallsDock::compareRequested, this, &MainWindow::compareWithLecture);
  m_messages = new MessagesDock(m_selection, this);
  addDockWidget(Qt::BottomDockWidgetArea, m_messages);
  m_messages->hide();

  createActions();
  createMenus();
  m_playbackBar = new PlaybackBar(m_playback, m_playbackActions, this);
  addToolBar(Qt::TopToolBarArea, m_playbackBar);
  // The registry's rounds and costs for the statistics come from collscope-run; ask it now, in
  // the background, so that opening a trace never waits for the driver to start.
  connect(m_catalogLoader, &CatalogLoader::loaded, this,
          [this](const std::optional<AlgorithmCatalog>& catalog, const QString&) {
            m_catalog = catalog;
            if (m_document) m_statistics->setCatalog(m_catalog);
          });
  if (const QString runner = AlgorithmCatalog::runnerIn(QCoreApplication::applicationDirPath());
      !runner.isEmpty())
    m_catalogLoader->start(runner);
  connect(m_playback, &Playback::cursorChanged, this, &MainWindow::updateCursorText);
  connect(m_playback, &Playback::clockChanged, this, &MainWindow::updateCursorText);
  connect(m_loader, &TraceLoader::loaded, this,
          [this](const QString& path, std::shared_ptr<TraceDocument> document) {
            m_recent->add(path);
            setDocument(std::move(document));
          });
  connect(m_loader, &TraceLoader::failed, this,
          [this](const QString& path, const QString& message) {
            statusBar()->showMessage(message, 10000);
            QMessageBox::warning(
                this, tr("Cannot open trace"),
                tr("<b>%1</b><br><br>%2").arg(path.toHtmlEscaped(), message.toHtmlEscaped()));
          });
  setDocument(nullptr);
}

MainWindow::~MainWindow() {
  clearViews();
}

void MainWindow::openTrace(const QString& path) {
  statusBar()->showMessage(tr("Opening %1…").arg(path));
  m_loader->load(path);
}

void MainWindow::clearViews() {
  m_playback->pause();
  m_playback->setClock(nullptr);
  m_selection->clear();
  while (m_tabs->count() > 0) {
    QWidget* page = m_tabs->widget(0);
    m_tabs->removeTab(0);
    delete page;
  }
  m_spaceTime = nullptr;
  m_statistics->setDocument(nullptr, std::nullopt);
  m_messages->setDocument(nullptr);
}

void MainWindow::setDocument(std::shared_ptr<TraceDocument> document) {
  clearViews();
  m_whole = document;
  m_callDocuments.clear();
  m_currentCall = -1;
  m_calls->setDocument(m_whole.get());
  // One call, or none: the list has nothing to choose from.
  m_calls->setVisible(m_whole != nullptr && m_whole->calls().size() > 1);
  // Wide enough for the call's name and what it resembles, never most of the window.
  if (m_calls->isVisible()) resizeDocks({m_calls}, {std::min(560, width() / 4)}, Qt::Horizontal);
  showDocument(std::move(document));
  if (!m_whole) return;
  if (m_initialCall.given()) {
    const CallOption call = std::exchange(m_initialCall, {});
    QString error;
    const int index = findCall(call, *m_whole, error);
    if (index == -2) {
      // A mistake on the command line: one line, and no window left open on the wrong thing.
      std::fprintf(stderr, "collscope: %s\n", qPrintable(error));
      QCoreApplication::exit(2);
      return;
    }
    showCall(index);
  }
  if (!m_compareWith.isEmpty()) {
    const QString path = std::exchange(m_compareWith, {});
    const CallOption call = std::exchange(m_compareCall, {});
    try {
      std::shared_ptr<TraceDocument> second = TraceDocument::load(path);
      QString error;
      const int index = findCall(call, *second, error);
      if (index == -2) {
        std::fprintf(stderr, "collscope: %s\n", qPrintable(error));
        QCoreApplication::exit(2);
        return;
      }
      if (index >= 0) second = TraceDocument::forCall(*second, index);
      compareWith(std::move(second));
    } catch (const model::TraceError& error) {
      std::fprintf(stderr, "collscope: %s\n", error.what());
      QMessageBox::warning(
          this, tr("Cannot open trace"),
          tr("<b>%1</b><br><br>%2")
              .arg(path.toHtmlEscaped(), QString::fromUtf8(error.what()).toHtmlEscaped()));
    }
  }
}

void MainWindow::showCall(int call) {
  if (!m_whole || call == m_currentCall) return;
  if (call >= m_whole->calls().size()) return;
  std::shared_ptr<TraceDocument> document = m_whole;
  if (call >= 0) {
    std::shared_ptr<TraceDocument>& cached = m_callDocuments[call];
    if (!cached) {
      QGuiApplication::setOverrideCursor(Qt::WaitCursor);
      cached = TraceDocument::forCall(*m_whole, call);
      QGuiApplication::restoreOverrideCursor();
      m_whole->summarise(call, *cached); // if the load left it out (a trace of many calls)
      m_calls->model()->summaryChanged(call);
    }
    document = cached;
  }
  m_currentCall = call;
  m_calls->setCurrentCall(call);
  showDocument(std::move(document));
}

void MainWindow::compareWith(std::shared_ptr<TraceDocument> second,
                             std::shared_ptr<TraceDocument> first) {
  if (!first) first = m_document;
  if (!first || !second) return;
  applyNodeOptions(m_nodeOptions, *second);
  auto* window = new ComparisonWindow(std::move(first), std::move(second), this);
  window->setMode(m_axisMode);
  window->show();
}

void MainWindow::showDocument(std::shared_ptr<TraceDocument> document) {
  clearViews();
  m_document = std::move(document);
  const bool open = m_document != nullptr;
  m_stack->setCurrentWidget(open ? static_cast<QWidget*>(m_tabs) : m_placeholder);
  for (QAction* action : {m_exportAction, m_fitAction, m_zoomInAction, m_zoomOutAction})
    action->setEnabled(open);
  m_playbackBar->setEnabled(open);
  if (!open) {
    setWindowTitle(QStringLiteral("collscope"));
    return;
  }
  setWindowTitle(QStringLiteral("collscope — %1").arg(m_document->title()));
  if (const QString error = applyNodeOptions(m_nodeOptions, *m_document); !error.isEmpty())
    QMessageBox::warning(
        this, tr("Node layout"),
        tr("%1<br><br>The trace is shown with its own layout.").arg(error.toHtmlEscaped()));
  const ViewContext context{m_document.get(), m_selection};
  for (const ViewInfo& info : ViewRegistry::instance().views()) {
    TraceViewWidget* widget = nullptr;
    if (info.name == QStringLiteral("timeline")) {
      m_spaceTime = new SpaceTimeWidget(context, m_playback, m_selection, m_tabs);
      m_spaceTime->spaceTime().setCriticalPathVisible(m_criticalPathAction->isChecked());
      connect(m_spaceTime, &SpaceTimeWidget::hovered, this,
              [this](const QString& text) { statusBar()->showMessage(text, 5000); });
      widget = m_spaceTime;
    } else {
      widget = new TraceViewWidget(info.create(context), m_playback, m_selection, m_tabs);
    }
    connect(widget, &TraceViewWidget::viewRequested, this, &MainWindow::showView);
    m_tabs->addTab(widget, info.title);
  }
  const bool annotated = m_document->analyses().annotated.rounds > 0;
  m_axisActions[static_cast<std::size_t>(AxisMode::annotatedRounds)]->setEnabled(annotated);
  if (m_axisMode == AxisMode::annotatedRounds && !annotated) m_axisMode = AxisMode::inferredRounds;
  m_playback->setClock(&m_document->clock(m_axisMode));
  m_playback->toEnd();
  m_statistics->setDocument(m_document.get(), catalog(), m_playback);
  m_messages->setDocument(m_document.get());
  statusBar()->showMessage(tr("%1: %2 ranks, %3 messages")
                               .arg(m_document->path())
                               .arg(m_document->rankCount())
                               .arg(m_document->messageCount()),
                           8000);
}

void MainWindow::setAxisMode(AxisMode mode) {
  m_axisMode = mode;
  m_axisActions[static_cast<std::size_t>(mode)]->setChecked(true);
  if (m_document) m_playback->setClock(&m_document->clock(mode));
}

void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  m_statistics->scaleTo(event->size());
  // Until the user drags the dock's edge, it takes a share of the window, so that a
  // 1024×768 projector still leaves the diagram most of the width.
  if (!m_dockSized || event->oldSize().width() <= 0) {
    resizeDocks({m_statistics}, {m_statistics->preferredWidth(event->size())}, Qt::Horizontal);
    m_dockSized = isVisible();
  }
}

void MainWindow::updateCursorText() {
  m_playbackBar->setCursorText(SpaceTimeRenderer::cursorText(*m_playback));
}

void MainWindow::showView(const QString& name) {
  for (int i = 0; i < m_tabs->count(); ++i) {
    auto* widget = qobject_cast<TraceViewWidget*>(m_tabs->widget(i));
    if (widget != nullptr && widget->view().name() == name) m_tabs->setCurrentIndex(i);
  }
}

TraceViewWidget* MainWindow::currentView() const {
  return qobject_cast<TraceViewWidget*>(m_tabs->currentWidget());
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile())
    event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.first().isLocalFile()) return;
  openTrace(urls.first().toLocalFile());
  event->acceptProposedAction();
}

} // namespace collscope::app
