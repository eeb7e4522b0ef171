// The data view's legend row: held (in an origin's colour), in flight, not held, and — when
// the run has them — empty blocks and blocks sent in pieces; bytes received and in flight for
// a trace without block annotations.
#include "paint/viewcolors.h"
#include "paint/viewframe.h"
#include "views/dataview.h"
#include "views/dataviewstyle.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace collscope::app {

using namespace dataviewstyle;

QRectF DataView::paintLegend(QPainter& painter, const QRectF& area, const ViewStyle& style) const {
  // One row, its font shrunk until it fits (as the space-time legend does).
  QFont font = style.legendFont;
  const auto widthOf = [](const QFontMetricsF& m, const auto& items) {
    const double unit = m.height();
    double total = 0;
    for (const auto& item : items) total += unit * 3.0 + m.horizontalAdvance(item.second);
    return total;
  };
  enum class Symbol { held, arriving, empty, noData, pieces, foreign, differs };
  std::vector<std::pair<Symbol, QString>> entries;
  const int p = m_instance->size();
  if (m_bytesOnly) {
    entries = {{Symbol::held, QStringLiteral("bytes received")},
               {Symbol::arriving, QStringLiteral("in flight")}};
  } else {
    entries = {{Symbol::held, QStringLiteral("held (colour: origin rank)")},
               {Symbol::arriving, QStringLiteral("in flight")},
               {Symbol::empty, showsReceived() ? QStringLiteral("not held, not written")
                                               : QStringLiteral("not held")}};
    bool zero = false;
    bool pieces = false;
    for (int o : m_ownership.slotOrigins()) {
      zero = zero || m_ownership.extent(o) == 0;
      pieces = pieces || m_ownership.boundaries(o).size() > 2;
    }
    if (zero)
      entries.emplace_back(Symbol::noData,
                           QStringLiteral("no data (0 elements), coloured once it arrived"));
    if (pieces) entries.emplace_back(Symbol::pieces, QStringLiteral("a block sent in pieces"));
  }
  if (showsReceived()) {
    entries.emplace_back(Symbol::foreign, QStringLiteral("no rank's data"));
    entries.emplace_back(Symbol::differs, QStringLiteral("differs from MPI's (strip: MPI's)"));
  }
  const int smallest = std::max(9, static_cast<int>(std::ceil(style.minimumTextPixels)));
  while (font.pixelSize() > smallest && widthOf(QFontMetricsF(font), entries) > area.width())
    font.setPixelSize(font.pixelSize() - 1);
  const QFontMetricsF metrics(font);
  const double h = metrics.height();
  const double sw = h * 1.6;
  const double gap = h;
  // At the smallest size allowed (a slide's floor) entries that still do not fit wrap to
  // more rows, each centred.
  std::vector<std::size_t> rowStarts{0};
  double rowWidth = 0.0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const double w = widthOf(metrics, std::vector{entries[i]});
    if (rowWidth > 0 && rowWidth + w > area.width()) {
      rowStarts.push_back(i);
      rowWidth = 0.0;
    }
    rowWidth += w;
  }
  rowStarts.push_back(entries.size());
  const auto rows = static_cast<double>(rowStarts.size() - 1);
  const std::vector<int>& origins = m_ownership.slotOrigins();
  const QColor sample =
      m_bytesOnly || origins.empty() ? bytesColour : originColor(origins[origins.size() / 2], p);
  painter.setFont(font);
  double x = 0.0, y = 0.0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto row = static_cast<std::size_t>(
        std::upper_bound(rowStarts.begin(), rowStarts.end(), i) - rowStarts.begin() - 1);
    if (i == rowStarts[row]) {
      const std::vector rowEntries(entries.begin() + static_cast<std::ptrdiff_t>(rowStarts[row]),
                                   entries.begin() +
                                       static_cast<std::ptrdiff_t>(rowStarts[row + 1]));
      x = area.left() + std::max(0.0, (area.width() - widthOf(metrics, rowEntries)) / 2);
      y = area.bottom() - h * (rows - static_cast<double>(row));
    }
    const auto& [symbol, text] = entries[i];
    const QRectF box(x, y + h * 0.1, sw, h * 0.8);
    switch (symbol) {
    case Symbol::held:
      painter.fillRect(box, sample);
      break;
    case Symbol::arriving:
      painter.fillRect(box, lightTint(sample));
      painter.setPen(QPen(sample, std::max(1.5, 3 * style.scale)));
      painter.drawRect(box.adjusted(1, 1, -1, -1));
      break;
    case Symbol::empty:
      painter.fillRect(box, emptySlot);
      break;
    case Symbol::noData:
      painter.fillRect(box, palette::paper);
      paintHatch(painter, box, QColor(150, 150, 150), 8 * style.scale,
                 std::max(1.0, 1.5 * style.scale));
      break;
    case Symbol::foreign:
      painter.fillRect(box, palette::paper);
      paintHatch(painter, box, palette::secondaryInk, 7 * style.scale,
                 std::max(1.0, 1.4 * style.scale));
      break;
    case Symbol::differs: {
      const double strip = box.height() * 0.3;
      painter.fillRect(box, sample);
      painter.fillRect(QRectF(box.left(), box.bottom() - strip, box.width(), strip), emptySlot);
      const double w = std::max(1.5, 3 * style.scale);
      painter.setPen(QPen(palette::ink, w));
      painter.setBrush(Qt::NoBrush);
      painter.drawRect(box.adjusted(w / 2, w / 2, -w / 2, -w / 2));
      break;
    }
    case Symbol::pieces:
      painter.fillRect(box, sample);
      painter.setPen(QPen(style.background, std::max(1.0, 2 * style.scale)));
      for (double f : {1.0 / 3, 2.0 / 3})
        painter.drawLine(QPointF(box.left() + box.width() * f, box.top()),
                         QPointF(box.left() + box.width() * f, box.bottom()));
      break;
    }
    painter.setPen(style.text);
    const double tw = metrics.horizontalAdvance(text);
    painter.drawText(QRectF(box.right() + h * 0.4, y, tw + 2, h), Qt::AlignVCenter | Qt::AlignLeft,
                     text);
    x = box.right() + h * 0.4 + tw + gap;
  }
  return QRectF(area.left(), area.top(), area.width(),
                area.height() - h * rows - 2 * style.padding);
}

} // namespace collscope::app
