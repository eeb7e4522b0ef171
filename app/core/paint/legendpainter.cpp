#include "paint/legendpainter.h"

#include <QFontMetricsF>
#include <algorithm>

namespace collscope::app {

void LegendPainter::paint(const QRectF& area, const LaneIntervals& lanes, bool cursor, bool strips,
                          bool critical) {
  if (area.height() <= 0) return;
  std::vector<Entry> entries;
  for (StateKind kind :
       {StateKind::send, StateKind::receive, StateKind::sendReceive, StateKind::waitCall,
        StateKind::collective, StateKind::otherMpi, StateKind::blocked, StateKind::algorithm,
        StateKind::round, StateKind::phase})
    if (lanes.has(kind) && (strips || (kind != StateKind::round && kind != StateKind::phase)))
      entries.push_back({Symbol::swatch, kind, ViewStyle::name(kind)});
  entries.push_back({Symbol::arrow, StateKind::send, QStringLiteral("message")});
  if (critical) entries.push_back({Symbol::band, StateKind::send, QStringLiteral("critical path")});
  if (cursor) {
    entries.push_back({Symbol::dot, StateKind::send, QStringLiteral("in flight")});
    entries.push_back({Symbol::cursor, StateKind::send, QStringLiteral("cursor")});
  }

  QFont font = m_style.legendFont;
  const double available = area.width() - 4 * m_style.padding;
  const auto measure = [&](const QFont& f) {
    const QFontMetricsF metrics(f);
    double total = 0;
    for (const Entry& e : entries)
      total += symbolWidth(e.symbol, metrics.height()) + metrics.horizontalAdvance(e.text) +
               m_style.padding * 2.8;
    return total;
  };
  const double width = measure(font);
  if (width > available)
    font.setPixelSize(std::max(9, static_cast<int>(font.pixelSize() * available / width)));

  m_painter.save();
  m_painter.setFont(font);
  m_painter.setRenderHint(QPainter::Antialiasing, true);
  const QFontMetricsF metrics(font);
  double x = area.left() + m_style.padding * 2;
  for (const Entry& e : entries) {
    const double w = symbolWidth(e.symbol, metrics.height());
    drawSymbol(e, QRectF(x, area.center().y() - metrics.height() * 0.4, w, metrics.height() * 0.8));
    x += w + m_style.padding * 0.6;
    const double textWidth = metrics.horizontalAdvance(e.text);
    m_painter.setPen(m_style.text);
    m_painter.drawText(QRectF(x, area.top(), textWidth + 2, area.height()),
                       Qt::AlignVCenter | Qt::AlignLeft, e.text);
    x += textWidth + m_style.padding * 2.2;
  }
  m_painter.restore();
}

double LegendPainter::symbolWidth(Symbol symbol, double unit) const {
  switch (symbol) {
  case Symbol::swatch:
    return unit * 1.3;
  case Symbol::arrow:
  case Symbol::band:
    return 2.2 * m_style.arrowHead;
  case Symbol::dot:
    return unit * 0.7;
  case Symbol::cursor:
    return unit * 0.4;
  }
  return unit;
}

void LegendPainter::drawSymbol(const Entry& entry, const QRectF& box) const {
  const double y = box.center().y();
  switch (entry.symbol) {
  case Symbol::swatch:
    m_painter.setPen(QPen(m_style.text, 1.0));
    m_painter.setBrush(ViewStyle::color(entry.kind));
    m_painter.drawRect(box);
    return;
  case Symbol::arrow: {
    const double head = m_style.arrowHead;
    m_painter.setPen(QPen(m_style.message, m_style.arrowWidth, Qt::SolidLine, Qt::FlatCap));
    m_painter.drawLine(QPointF(box.left(), y), QPointF(box.right() - head * 0.8, y));
    m_painter.setPen(Qt::NoPen);
    m_painter.setBrush(m_style.message);
    m_painter.drawPolygon(
        QPolygonF{{QPointF(box.right(), y), QPointF(box.right() - head, y - head * 0.42),
                   QPointF(box.right() - head, y + head * 0.42)}});
    return;
  }
  case Symbol::band:
    m_painter.setPen(
        QPen(m_style.criticalPath, m_style.arrowWidth * 3.2, Qt::SolidLine, Qt::RoundCap));
    // Round caps reach out by half the band's width: keep them inside the box.
    m_painter.drawLine(QPointF(box.left() + m_style.arrowWidth * 1.6, y),
                       QPointF(box.right() - m_style.arrowWidth * 1.6, y));
    m_painter.setPen(QPen(m_style.message, m_style.arrowWidth, Qt::SolidLine, Qt::FlatCap));
    m_painter.drawLine(QPointF(box.left() + m_style.arrowWidth * 1.6, y),
                       QPointF(box.right() - m_style.arrowWidth * 1.6, y));
    return;
  case Symbol::dot: {
    const double r = box.width() / 2;
    m_painter.setPen(QPen(m_style.message, std::max(1.0, m_style.arrowWidth * 0.6)));
    m_painter.setBrush(m_style.inFlight);
    m_painter.drawEllipse(QPointF(box.center().x(), y), r, r);
    return;
  }
  case Symbol::cursor:
    m_painter.setPen(QPen(m_style.cursor, m_style.cursorWidth));
    m_painter.drawLine(QPointF(box.center().x(), box.top() - box.height() * 0.2),
                       QPointF(box.center().x(), box.bottom() + box.height() * 0.2));
    return;
  }
}

} // namespace collscope::app
