#include "traceviewwidget.h"

#include "document/selection.h"

#include <QMouseEvent>
#include <QPainter>

namespace collscope::app {

TraceViewWidget::TraceViewWidget(std::unique_ptr<TraceView> view, Playback* playback,
                                 Selection* selection, QWidget* parent)
    : QWidget(parent), m_view(std::move(view)), m_playback(playback), m_selection(selection) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMinimumSize(480, 320);
  setMouseTracking(true);
  const auto repaint = [this] { update(); };
  connect(m_playback, &Playback::cursorChanged, this, repaint);
  connect(m_playback, &Playback::clockChanged, this, repaint);
  connect(m_selection, &Selection::messageChanged, this, repaint);
  connect(m_selection, &Selection::rankChanged, this, repaint);
}

TraceViewWidget::~TraceViewWidget() = default;

void TraceViewWidget::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::TextAntialiasing, true);
  m_view->render(painter, rect(), *m_playback);
}

void TraceViewWidget::mousePressEvent(QMouseEvent* event) {
  const QPointF point = event->position();
  if (const QString link = m_view->linkAt(point); !link.isEmpty()) {
    emit viewRequested(link);
    return;
  }
  const int message = m_view->messageAt(point);
  if (message >= 0) {
    m_selection->setMessage(message);
    return;
  }
  const int rank = m_view->rankAt(point);
  if (rank >= 0)
    m_selection->setRank(rank);
  else
    m_selection->clear();
}

void TraceViewWidget::mouseMoveEvent(QMouseEvent* event) {
  const QPointF point = event->position();
  const bool active = !m_view->linkAt(point).isEmpty() || m_view->messageAt(point) >= 0 ||
                      m_view->rankAt(point) >= 0;
  setCursor(active ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

} // namespace collscope::app
