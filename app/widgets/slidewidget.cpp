#include "slidewidget.h"

#include <QPainter>

namespace collscope::app {

SlideWidget::SlideWidget(slides::SlidePainter& painter, QWidget* parent)
    : QWidget(parent), m_painter(painter) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMinimumSize(160, 120);
}

void SlideWidget::setPosition(slides::DeckPosition at, bool exists) {
  m_position = at;
  m_exists = exists;
  update();
}

void SlideWidget::setBlank(bool blank) {
  m_blank = blank;
  update();
}

void SlideWidget::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), Qt::black);
  if (m_blank) return;
  if (!m_exists) {
    painter.setPen(QColor(200, 200, 200));
    QFont font = painter.font();
    font.setPixelSize(std::max(14, height() / 12));
    painter.setFont(font);
    painter.drawText(rect(), Qt::AlignCenter, tr("end of the deck"));
    return;
  }
  m_painter.paint(painter, QRectF(rect()), m_position);
}

} // namespace collscope::app
