#include "comparisonwindow.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace collscope::app {

class ComparisonWindow::Canvas : public QWidget {
public:
  Canvas(ComparisonView& view, const Playback& playback, QWidget* parent)
      : QWidget(parent), m_view(view), m_playback(playback) {
    setMinimumSize(480, 360);
  }

protected:
  void paintEvent(QPaintEvent*) override {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    m_view.render(painter, rect(), m_playback);
  }

private:
  ComparisonView& m_view;
  const Playback& m_playback;
};

namespace {

QAction* action(QObject* parent, const QString& text, const QList<QKeySequence>& keys,
                const QString& tip) {
  auto* a = new QAction(text, parent);
  a->setShortcuts(keys);
  a->setToolTip(QStringLiteral("%1 (%2)").arg(tip, keys.first().toString()));
  return a;
}

} // namespace

ComparisonWindow::ComparisonWindow(std::shared_ptr<TraceDocument> first,
                                   std::shared_ptr<TraceDocument> second, QWidget* parent)
    : QWidget(parent, Qt::Window), m_first(std::move(first)), m_second(std::move(second)),
      m_view(std::make_unique<ComparisonView>(*m_first, *m_second)),
      m_playback(new Playback(this)) {
  setAttribute(Qt::WA_DeleteOnClose);
  setObjectName(QStringLiteral("comparisonWindow"));
  setWindowTitle(QStringLiteral("collscope — %1  |  %2").arg(m_first->title(), m_second->title()));
  resize(1400, 900);
  auto* axis = m_axis = new QComboBox(this);
  axis->setObjectName(QStringLiteral("comparisonAxis"));
  axis->addItem(tr("time (one scale for both)"), static_cast<int>(AxisMode::time));
  axis->addItem(tr("rounds, inferred (from 0)"), static_cast<int>(AxisMode::inferredRounds));
  axis->addItem(tr("rounds, annotated (from 0)"), static_cast<int>(AxisMode::annotatedRounds));
  m_canvas = new Canvas(*m_view, *m_playback, this);
  m_playback->setClock(&m_view->sharedClock());
  createActions();
  m_bar = new PlaybackBar(m_playback, m_actions, this);
  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("x axis:"), this));
  bar->addWidget(axis);
  bar->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(m_canvas, 1);
  layout->addWidget(m_bar);
  connect(axis, &QComboBox::currentIndexChanged, this,
          [this, axis](int) { setMode(static_cast<AxisMode>(axis->currentData().toInt())); });
  connect(m_playback, &Playback::cursorChanged, this, &ComparisonWindow::cursorMoved);
  cursorMoved();
}

ComparisonWindow::~ComparisonWindow() = default;

void ComparisonWindow::createActions() {
  PlaybackActions& p = m_actions;
  p.toStart = action(this, tr("|◀ Start"), {Qt::Key_Home}, tr("To the start"));
  p.roundBack =
      action(this, tr("◀◀ Round"), {Qt::SHIFT | Qt::Key_Left}, tr("Previous round of either"));
  p.eventBack = action(this, tr("◀ Event"), {Qt::Key_Left}, tr("Previous event of either"));
  p.playPause = action(this, tr("▶ Play"), {Qt::Key_Space}, tr("Play or pause both"));
  p.eventForward = action(this, tr("Event ▶"), {Qt::Key_Right}, tr("Next event of either"));
  p.roundForward =
      action(this, tr("Round ▶▶"), {Qt::SHIFT | Qt::Key_Right}, tr("Next round of either"));
  p.toEnd = action(this, tr("End ▶|"), {Qt::Key_End}, tr("To the end of both"));
  p.slower = action(this, QStringLiteral("−"), {Qt::Key_Minus}, tr("Slower"));
  p.faster = action(this, QStringLiteral("+"), {Qt::Key_Plus, Qt::Key_Equal}, tr("Faster"));
  // Steps go to the nearest stop of either trace, so that neither one's events are skipped.
  const auto stepper = [this](int direction, bool rounds) {
    return [this, direction, rounds] {
      m_playback->setCursor(m_view->step(m_playback->cursor(), direction, rounds));
    };
  };
  connect(p.toStart, &QAction::triggered, m_playback, &Playback::toStart);
  connect(p.roundBack, &QAction::triggered, this, stepper(-1, true));
  connect(p.eventBack, &QAction::triggered, this, stepper(-1, false));
  connect(p.playPause, &QAction::triggered, m_playback, &Playback::togglePlay);
  connect(p.eventForward, &QAction::triggered, this, stepper(1, false));
  connect(p.roundForward, &QAction::triggered, this, stepper(1, true));
  connect(p.toEnd, &QAction::triggered, m_playback, &Playback::toEnd);
  connect(p.slower, &QAction::triggered, m_playback, &Playback::slower);
  connect(p.faster, &QAction::triggered, m_playback, &Playback::faster);
}

void ComparisonWindow::cursorMoved() {
  m_bar->setCursorText(m_view->cursorText(m_playback->cursor()));
  m_canvas->update();
}

void ComparisonWindow::setMode(AxisMode mode) {
  const QSignalBlocker quiet(m_axis);
  m_axis->setCurrentIndex(m_axis->findData(static_cast<int>(mode)));
  m_view->setMode(mode);
  // The cursor keeps its moment (Playback::setClock), now on the new axis's shared clock.
  m_playback->setClock(&m_view->sharedClock());
  cursorMoved();
}

} // namespace collscope::app
