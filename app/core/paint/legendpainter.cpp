#include "paint/legendpainter.h"

#include "paint/viewframe.h"

#include <QFontMetricsF>
#include <algorithm>

namespace collscope::app {

std::vector<LegendPainter::Entry> LegendPainter::entries(const LaneIntervals& lanes, bool cursor,
                                                         bool strips, bool critical, bool nodes) {
  return entries({&lanes}, cursor, strips, critical, nodes);
}

std::vector<LegendPainter::Entry>
LegendPainter::entries(std::initializer_list<const LaneIntervals*> lanes, bool cursor, bool strips,
                       bool critical, bool nodes) {
  std::vector<Entry> entries;
  for (StateKind kind :
       {StateKind::send, StateKind::receive, StateKind::sendReceive, StateKind::waitCall,
        StateKind::collective, StateKind::otherMpi, StateKind::blocked, StateKind::algorithm,
        StateKind::round, StateKind::phase})
    if (std::any_of(lanes.begin(), lanes.end(), [kind](const auto* l) { return l->has(kind); }) &&
        (strips || (kind != StateKind::round && kind != StateKind::phase)))
      entries.push_back({Symbol::swatch, kind, ViewStyle::name(kind)});
  if (nodes) {
    entries.push_back({Symbol::arrow, StateKind::send, QStringLiteral("message inside a node")});
    entries.push_back(
        {Symbol::networkArrow, StateKind::send, QStringLiteral("message between nodes")});
  } else {
    entries.push_back({Symbol::arrow, StateKind::send, QStringLiteral("message")});
  }
  if (critical) entries.push_back({Symbol::band, StateKind::send, QStringLiteral("critical path")});
  if (cursor) {
    entries.push_back({Symbol::dot, StateKind::send, QStringLiteral("in flight")});
    entries.push_back({Symbol::cursor, StateKind::send, QStringLiteral("cursor")});
  }
  return entries;
}

double LegendPainter::height(int rows, const ViewStyle& style) {
  if (rows <= 0) return 0.0;
  const double h = QFontMetricsF(style.legendFont).height();
  return rows * h * 1.25 - 0.25 * h + 2 * style.padding;
}

LegendPainter::Layout LegendPainter::layout(const QRectF& area, const std::vector<Entry>& entries,
                                            const ViewStyle& style) {
  const QFontMetricsF metrics(style.legendFont);
  const double h = metrics.height();
  const double left = area.left() + style.padding * 2;
  const double right = area.right() - style.padding * 2;
  Layout layout;
  double x = left;
  double top = area.top() + style.padding;
  for (const Entry& e : entries) {
    const double w = symbolWidth(e.symbol, h, style);
    const double textWidth = metrics.horizontalAdvance(e.text) + 2;
    if (x > left && x + w + style.padding * 0.6 + textWidth > right) {
      x = left;
      top += h * 1.25;
      ++layout.rows;
    }
    Item item;
    item.symbol = QRectF(x, top + h * 0.1, w, h * 0.8);
    x += w + style.padding * 0.6;
    item.text = QRectF(x, top, textWidth, h);
    x += textWidth + style.padding * 2.2;
    layout.items.push_back(item);
  }
  return layout;
}

void LegendPainter::paint(const QRectF& area, const std::vector<Entry>& entries) {
  if (area.height() <= 0) return;
  const Layout layout = LegendPainter::layout(area, entries, m_style);
  m_painter.save();
  m_painter.setFont(m_style.legendFont);
  m_painter.setRenderHint(QPainter::Antialiasing, true);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    drawSymbol(entries[i], layout.items[i].symbol);
    m_painter.setPen(m_style.text);
    m_painter.drawText(layout.items[i].text, Qt::AlignVCenter | Qt::AlignLeft, entries[i].text);
  }
  m_painter.restore();
}

double LegendPainter::symbolWidth(Symbol symbol, double unit, const ViewStyle& style) {
  switch (symbol) {
  case Symbol::swatch:
    return unit * 1.3;
  case Symbol::arrow:
  case Symbol::networkArrow:
  case Symbol::band:
    return 2.2 * style.arrowHead;
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
    // The lanes' white stripes over blocked time, so that the legend explains the hatching.
    if (entry.kind == StateKind::blocked)
      paintHatch(m_painter, box.adjusted(1, 1, -1, -1), QColor(255, 255, 255, 200),
                 std::max(4.0, box.height() / 2.5), std::max(1.0, 2.0 * m_style.scale));
    return;
  case Symbol::arrow:
  case Symbol::networkArrow: {
    const bool network = entry.symbol == Symbol::networkArrow;
    const QColor colour = network ? m_style.networkMessage : m_style.message;
    const double width = m_style.arrowWidth * (network ? m_style.networkWidthFactor : 1.0);
    const double head = m_style.arrowHead * (network ? m_style.networkWidthFactor : 1.0);
    m_painter.setPen(QPen(colour, width, Qt::SolidLine, Qt::FlatCap));
    m_painter.drawLine(QPointF(box.left(), y), QPointF(box.right() - head * 0.8, y));
    m_painter.setPen(Qt::NoPen);
    m_painter.setBrush(colour);
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
