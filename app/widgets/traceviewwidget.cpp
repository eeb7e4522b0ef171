#include "traceviewwidget.h"

#include <QPainter>

namespace collscope::app {

TraceViewWidget::TraceViewWidget(std::unique_ptr<TraceView> view, Playback* playback,
                                 Selection* selection, QWidget* parent)
    : QWidget(parent), m_view(std::move(view)), m_playback(playback), m_selection(selection) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMinimumSize(480, 320);
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

} // namespace collscope::app
