#include "spacetimewidget.h"

#include "format/units.h"

#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

namespace collscope::app {

SpaceTimeWidget::SpaceTimeWidget(const ViewContext& context, Playback* playback,
                                 Selection* selection, QWidget* parent)
    : TraceViewWidget(std::make_unique<SpaceTimeView>(context), playback, selection, parent) {
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
}

QString SpaceTimeWidget::describe(const TraceDocument& document, int message) {
  const model::Message& m = document.trace().messages[static_cast<std::size_t>(message)];
  const TraceAnalyses& a = document.analyses();
  const auto index = static_cast<std::size_t>(message);
  QString text = QStringLiteral("<b>rank %1 → rank %2</b><br>%3, tag %4")
                     .arg(m.sender)
                     .arg(m.receiver)
                     .arg(formatBytes(m.bytes))
                     .arg(m.tag);
  const int inferred =
      index < a.inferred.message_round.size() ? a.inferred.message_round[index] : -1;
  const int annotated =
      index < a.annotated.message_round.size() ? a.annotated.message_round[index] : -1;
  // Both numbered from 0, like every axis, strip and label.
  if (inferred >= 0) text += QStringLiteral("<br>round %1 (inferred)").arg(inferred);
  if (annotated >= 0)
    text += QStringLiteral("%1round %2 (annotated)")
                .arg(inferred >= 0 ? QStringLiteral(", ") : QStringLiteral("<br>"))
                .arg(annotated);
  text += QStringLiteral("<br>sent %1, received %2 (%3 later)")
              .arg(formatDuration(m.send_time), formatDuration(m.recv_time),
                   formatDuration(m.recv_time - m.send_time));
  if (index < a.waiting.receives.size() && a.waiting.receives[index].wait > 0)
    text += QStringLiteral("<br>receiver blocked %1 before the send started")
                .arg(formatDuration(a.waiting.receives[index].wait));
  return text;
}

void SpaceTimeWidget::fit() {
  axis().fit();
  update();
}

void SpaceTimeWidget::zoomAt(double factor, double x) {
  axis().zoom(factor, x);
  update();
}

void SpaceTimeWidget::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps == 0.0) return;
  zoomAt(std::pow(1.25, steps), event->position().x());
  event->accept();
}

void SpaceTimeWidget::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  m_pressed = m_last = event->position();
  m_dragging = false;
}

void SpaceTimeWidget::mouseMoveEvent(QMouseEvent* event) {
  const QPointF p = event->position();
  if (event->buttons() & Qt::LeftButton) {
    if (!m_dragging && (p - m_pressed).manhattanLength() > 4) m_dragging = true;
    if (m_dragging) {
      axis().pan(p.x() - m_last.x());
      m_last = p;
      setCursor(Qt::ClosedHandCursor);
      update();
    }
    return;
  }
  const int message = spaceTime().messageAt(p);
  setCursor(message >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
  if (message >= 0) {
    const QString text = describe(spaceTime().document(), message);
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
    emit hovered(QString(text)
                     .replace(QStringLiteral("<br>"), QStringLiteral(" · "))
                     .remove(QStringLiteral("<b>"))
                     .remove(QStringLiteral("</b>")));
  } else {
    QToolTip::hideText();
  }
}

void SpaceTimeWidget::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  setCursor(Qt::ArrowCursor);
  if (m_dragging) {
    m_dragging = false;
    return;
  }
  const QPointF p = event->position();
  const SpaceTimeGeometry& g = spaceTime().geometry();
  if (g.axisBand().contains(p) || g.header().contains(p)) {
    playback()->setCursor(axis().fromPixel(p.x()));
    return;
  }
  const int message = spaceTime().messageAt(p);
  selection()->setMessage(message);
  if (message < 0) selection()->setRank(g.labels().contains(p) ? spaceTime().rankAt(p) : -1);
}

void SpaceTimeWidget::mouseDoubleClickEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) fit();
}

} // namespace collscope::app
