#include "views/dataview.h"

#include "format/units.h"
#include "paint/viewcolors.h"
#include "paint/viewframe.h"
#include "paint/viewstyle.h"
#include "views/dataviewstyle.h"

#include <QFontMetricsF>
#include <algorithm>
#include <array>
#include <cmath>

namespace collscope::app {

using namespace dataviewstyle;

void DataView::refresh(const Playback& playback) {
  const int index = CollectiveInstance::indexAt(document(), playback);
  if (!m_instance || index != m_index) {
    m_instance = CollectiveInstance::build(document(), index);
    m_ownership = BlockOwnership::build(*m_instance, document().trace());
    m_index = index;
  }
  m_holdings = m_ownership.at(playback);
  m_bytesOnly = !m_ownership.hasBlocks();
  m_reduction = isReduction(m_instance->collective());
}

void DataView::render(QPainter& painter, const QRect& target, const Playback& playback) {
  const ViewStyle style = styleFor(target.size());
  refresh(playback);
  m_rows = 0;
  m_receivedColumns = 0;
  m_columnOf.assign(static_cast<std::size_t>(m_instance->size()), -1);
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.fillRect(target, style.background);
  const double pad = style.padding;
  const QFontMetricsF titleMetrics(style.titleFont);
  const QFontMetricsF subMetrics(style.tickFont);
  const QRectF header(target.left() + 2 * pad, target.top() + pad, target.width() - 4 * pad,
                      titleMetrics.height() * 1.3 + subMetrics.height() * 1.2);
  paintHeader(painter, header, style, playback);
  QRectF body(target.left() + 2 * pad, header.bottom() + pad, target.width() - 4 * pad,
              target.bottom() - header.bottom() - 3 * pad);
  if (m_instance->messages().empty() || m_instance->size() == 0) {
    painter.setFont(style.labelFont);
    painter.setPen(style.text);
    painter.drawText(body, Qt::AlignCenter,
                     QStringLiteral("No messages in this run: no data moves."));
    painter.restore();
    return;
  }
  body = paintLegend(painter, body, style);
  if (m_bytesOnly) {
    if (showsReceived())
      layoutWithReceived(body, style, 1);
    else
      layoutRows(body, style, body.width(), 1);
    paintRowLabels(painter, style);
    paintBytes(painter, style);
    if (m_receivedColumns > 0) paintReceived(painter, style);
  } else {
    const std::vector<int>& origins = m_ownership.slotOrigins();
    for (std::size_t c = 0; c < origins.size(); ++c)
      m_columnOf[static_cast<std::size_t>(origins[c])] = static_cast<int>(c);
    if (showsReceived()) {
      layoutWithReceived(body, style, static_cast<int>(origins.size()));
    } else {
      layoutRows(body, style, body.width(), static_cast<int>(origins.size()));
    }
    paintRowLabels(painter, style);
    paintSlots(painter, style);
    if (m_receivedColumns > 0) paintReceived(painter, style);
  }
  painter.restore();
}

void DataView::paintHeader(QPainter& painter, const QRectF& area, const ViewStyle& style,
                           const Playback& playback) const {
  const QFontMetricsF titleMetrics(style.titleFont);
  const QFontMetricsF subMetrics(style.tickFont);
  const QRectF top(area.left(), area.top(), area.width(), titleMetrics.height() * 1.3);
  paintTitleLine(painter, top, style, QStringLiteral("Data by origin: ") + m_instance->title(),
                 m_instance->progressText(playback));
  const QString subtitle =
      m_bytesOnly
          ? QStringLiteral("This trace has no block annotations: bars show the bytes each rank "
                           "has received so far.")
      : showsReceived()
          ? QStringLiteral("Left: the blocks the messages delivered, by origin rank. Right: "
                           "each receive buffer after the call, as the grader read it back.")
      : m_reduction
          ? QStringLiteral("One row per rank, one slot per rank's input: it fills when the row's "
                           "partial sum includes that input (B₂..B₅: the inputs of ranks 2 to 5).")
          : QStringLiteral("One row per rank, one slot per block of the buffer, coloured by "
                           "the rank it came from; it fills when a message delivers it.");
  painter.setFont(style.tickFont);
  painter.setPen(subtitleColour);
  painter.drawText(QRectF(area.left(), top.bottom(), area.width(), area.bottom() - top.bottom()),
                   Qt::AlignVCenter | Qt::AlignLeft,
                   fitLine(subtitle, subMetrics, area.width(), style));
}

void DataView::layoutRows(const QRectF& area, const ViewStyle& style, double columnsWidth,
                          int columns) {
  const int p = m_instance->size();
  const QFontMetricsF label(style.labelFont);
  const double scale = style.scale;
  double labelWidth = label.horizontalAdvance(QStringLiteral("rank %1").arg(p - 1));
  if (m_instance->root() >= 0)
    labelWidth = std::max(
        labelWidth, label.horizontalAdvance(QStringLiteral("root %1").arg(m_instance->root())));
  const double summary = label.horizontalAdvance(summaryTemplate());
  const double headerRow = m_bytesOnly ? 0.0 : label.height() * 1.2 + 10 * scale;
  const double available = columnsWidth - labelWidth - summary - 4 * style.padding;
  m_cellWidth = std::max(1.0, available / std::max(1, columns));
  if (columns > 1) m_cellWidth = std::min(m_cellWidth, 220 * scale);
  m_rowHeight = std::min((area.height() - headerRow) / p, 90 * scale);
  const double gridWidth = m_cellWidth * columns;
  const double total = labelWidth + 2 * style.padding + gridWidth + 2 * style.padding + summary;
  m_labelLeft = area.left() + std::max(0.0, (area.width() - total) / 2);
  m_gridLeft = m_labelLeft + labelWidth + 2 * style.padding;
  m_top = area.top() + headerRow + std::max(0.0, (area.height() - headerRow - m_rowHeight * p) / 2);
  m_rows = p;
}

void DataView::paintRowLabels(QPainter& painter, const ViewStyle& style) const {
  const QFontMetricsF metrics(style.labelFont);
  const int step = labelStride(m_rowHeight, metrics.height() * 0.95);
  const int selected = m_instance->commRank(selectedRank());
  const int columns = m_bytesOnly ? 1 : static_cast<int>(m_ownership.slotOrigins().size());
  const double right = m_gridLeft + m_cellWidth * columns + 2 * style.padding +
                       metrics.horizontalAdvance(summaryTemplate());
  painter.setFont(style.labelFont);
  for (int r = 0; r < m_rows; ++r) {
    const QRectF row(m_labelLeft, m_top + r * m_rowHeight, right - m_labelLeft, m_rowHeight);
    if (r == selected)
      painter.fillRect(row.adjusted(-style.padding, 0, style.padding, 0), style.highlight);
    if (r % step != 0 && r != selected && r != m_instance->root()) continue;
    const QString text = r == m_instance->root() ? QStringLiteral("root %1").arg(r)
                                                 : QStringLiteral("rank %1").arg(r);
    painter.setPen(style.text);
    const QRectF box(m_labelLeft, row.center().y() - metrics.height() / 2,
                     m_gridLeft - m_labelLeft - style.padding, metrics.height());
    painter.drawText(box, Qt::AlignVCenter | Qt::AlignRight, text);
  }
}

void DataView::paintSlots(QPainter& painter, const ViewStyle& style) {
  const std::vector<int>& origins = m_ownership.slotOrigins();
  const int p = m_instance->size();
  const QFontMetricsF metrics(style.labelFont);
  const double scale = style.scale;

  // Column heads: the origin's number (thinned out) over a bar of its colour.
  const int step =
      labelStride(m_cellWidth, metrics.horizontalAdvance(QString::number(p - 1)) + 10 * scale);
  const double bar = 7 * scale;
  painter.setFont(style.labelFont);
  for (std::size_t c = 0; c < origins.size(); ++c) {
    const double x = m_gridLeft + static_cast<double>(c) * m_cellWidth;
    const double inset = cellGap(m_cellWidth) / 2;
    painter.fillRect(QRectF(x + inset, m_top - bar - 4 * scale, m_cellWidth - 2 * inset, bar),
                     originColor(origins[c], p));
    if (static_cast<int>(c) % step != 0 && origins.size() > 1) continue;
    painter.setPen(style.text);
    const QString text = origins.size() == 1
                             ? (m_ownership.boundaries(origins[c]).size() > 2
                                    ? QStringLiteral("the block of rank %1, in %2 pieces")
                                          .arg(origins[c])
                                          .arg(m_ownership.boundaries(origins[c]).size() - 1)
                                    : QStringLiteral("the block of rank %1").arg(origins[c]))
                             : QString::number(origins[c]);
    const double w = std::max(m_cellWidth, metrics.horizontalAdvance(text) + 4);
    painter.drawText(QRectF(x + m_cellWidth / 2 - w / 2, m_top - bar - 6 * scale - metrics.height(),
                            w, metrics.height()),
                     Qt::AlignCenter, text);
  }
  if (origins.size() > 1) {
    painter.setPen(subtitleColour);
    painter.drawText(QRectF(m_labelLeft - 4 * style.padding,
                            m_top - bar - 6 * scale - metrics.height(),
                            m_gridLeft - m_labelLeft + 3 * style.padding, metrics.height()),
                     Qt::AlignVCenter | Qt::AlignRight, QStringLiteral("origin"));
  }

  const double gapX = cellGap(m_cellWidth);
  const double gapY = rowGap(m_rowHeight);
  const int labelStep = labelStride(m_rowHeight, metrics.height() * 0.95);
  for (int r = 0; r < m_rows; ++r) {
    int held = 0;
    std::uint64_t elements = 0;
    for (std::size_t c = 0; c < origins.size(); ++c) {
      const int o = origins[c];
      const QRectF box(m_gridLeft + static_cast<double>(c) * m_cellWidth + gapX / 2,
                       m_top + r * m_rowHeight + gapY / 2, m_cellWidth - gapX, m_rowHeight - gapY);
      paintSlot(painter, style, r, o, box);
      held += m_holdings.holds(r, o, m_ownership.extent(o)) ? 1 : 0;
      elements += m_holdings.at(r, o).elements();
    }
    // How much of it the rank holds: blocks, pieces of the one block, or a share of it.
    QString summary = QStringLiteral("%1/%2").arg(held).arg(origins.size());
    if (origins.size() == 1 && m_ownership.extent(origins[0]) > 0) {
      const std::vector<std::uint64_t>& cuts = m_ownership.boundaries(origins[0]);
      int pieces = 0;
      for (std::size_t i = 1; i < cuts.size(); ++i)
        pieces += m_holdings.at(r, origins[0]).covers(cuts[i - 1], cuts[i]) ? 1 : 0;
      summary = cuts.size() > 2 ? QStringLiteral("%1/%2").arg(pieces).arg(cuts.size() - 1)
                                : QStringLiteral("%1%").arg(static_cast<int>(std::floor(
                                      100.0 * static_cast<double>(elements) /
                                      static_cast<double>(m_ownership.extent(origins[0])))));
    }
    if (m_reduction)
      summary = BlockOwnership::partialSumText(m_ownership.partialSum(m_holdings, r), p);
    if (r % labelStep == 0) {
      painter.setFont(style.labelFont);
      painter.setPen(style.text);
      const double width = metrics.horizontalAdvance(summaryTemplate()) + 4;
      painter.drawText(
          QRectF(m_gridLeft + m_cellWidth * static_cast<double>(origins.size()) + 2 * style.padding,
                 m_top + (r + 0.5) * m_rowHeight - metrics.height() / 2, width, metrics.height()),
          Qt::AlignVCenter | Qt::AlignLeft, metrics.elidedText(summary, Qt::ElideRight, width));
    }
  }
}

void DataView::paintSlot(QPainter& painter, const ViewStyle& style, int rank, int origin,
                         const QRectF& box) const {
  const int p = m_instance->size();
  const std::uint64_t extent = m_ownership.extent(origin);
  const Holding& holding = m_holdings.at(rank, origin);
  const QColor colour = originColor(origin, p);
  const double scale = style.scale;
  if (extent == 0) {
    painter.fillRect(box, palette::paper);
    paintHatch(painter, box, holding.touched ? colour : QColor(170, 170, 170),
               std::max(4.0, 9 * scale), std::max(1.0, 1.6 * scale));
  } else {
    painter.fillRect(box, emptySlot);
    const auto span = [&](const ElementRange& range) {
      const double a = static_cast<double>(range.begin) / static_cast<double>(extent);
      const double b = static_cast<double>(range.end) / static_cast<double>(extent);
      return QRectF(box.left() + a * box.width(), box.top(), (b - a) * box.width(), box.height());
    };
    for (const ElementRange& range : holding.incoming)
      painter.fillRect(span(range), lightTint(colour));
    for (const ElementRange& range : holding.ranges) painter.fillRect(span(range), colour);
    const double pen = std::min(std::max(1.5, 3.5 * scale), box.height() / 4);
    painter.setPen(QPen(colour, pen));
    for (const ElementRange& range : holding.incoming)
      painter.drawRect(span(range).adjusted(pen / 2, pen / 2, -pen / 2, -pen / 2));
    // The pieces a block travels in, as thin gaps, where they are wide enough to see.
    const std::vector<std::uint64_t>& cuts = m_ownership.boundaries(origin);
    if (cuts.size() > 2 && box.width() / static_cast<double>(cuts.size() - 1) >= 5 * scale) {
      painter.setPen(QPen(style.background, std::max(1.0, 2 * scale)));
      for (std::size_t i = 1; i + 1 < cuts.size(); ++i) {
        const double x =
            box.left() + box.width() * static_cast<double>(cuts[i]) / static_cast<double>(extent);
        painter.drawLine(QPointF(x, box.top()), QPointF(x, box.bottom()));
      }
    }
  }
  if (carriesSelected(rank, origin)) {
    const double w = std::max(2.0, 5 * scale);
    painter.setPen(QPen(palette::ink, w));
    painter.drawRect(box.adjusted(-w / 2, -w / 2, w / 2, w / 2));
  }
}

void DataView::paintBytes(QPainter& painter, const ViewStyle& style) const {
  const QFontMetricsF metrics(style.labelFont);
  const double total =
      static_cast<double>(std::max<std::uint64_t>(1, m_ownership.maxBytesReceived()));
  const double gapY = rowGap(m_rowHeight);
  const int step = labelStride(m_rowHeight, metrics.height() * 0.95);
  painter.setFont(style.labelFont);
  for (int r = 0; r < m_rows; ++r) {
    const QRectF full(m_gridLeft, m_top + r * m_rowHeight + gapY / 2, m_cellWidth,
                      m_rowHeight - gapY);
    painter.fillRect(full, emptySlot);
    const double got = static_cast<double>(m_holdings.bytesReceived(r)) / total;
    const double coming = static_cast<double>(m_holdings.bytesIncoming(r)) / total;
    painter.fillRect(QRectF(full.left(), full.top(), full.width() * got, full.height()),
                     bytesColour);
    if (coming > 0) {
      const QRectF arriving(full.left() + full.width() * got, full.top(),
                            full.width() * std::min(coming, 1.0 - got), full.height());
      painter.fillRect(arriving, lightTint(bytesColour));
      painter.setPen(QPen(bytesColour, std::max(1.5, 3 * style.scale)));
      painter.drawRect(arriving);
    }
    if (r % step != 0) continue;
    painter.setPen(style.text);
    painter.drawText(QRectF(full.right() + 2 * style.padding,
                            m_top + (r + 0.5) * m_rowHeight - metrics.height() / 2,
                            metrics.horizontalAdvance(QStringLiteral("000.0 MB")) + 4,
                            metrics.height()),
                     Qt::AlignVCenter | Qt::AlignLeft, formatBytes(m_holdings.bytesReceived(r)));
  }
}

QString DataView::summaryTemplate() const {
  if (m_bytesOnly) return QStringLiteral("000.0 MB");
  if (m_reduction) return QStringLiteral("B₀₀..B₀₀ + parts of B₀₀..B₀₀");
  return QStringLiteral("000/000");
}

bool DataView::carriesSelected(int rank, int origin) const {
  const int m = selectedMessage();
  if (m < 0 || m >= document().messageCount()) return false;
  const model::Message& message = document().trace().messages[static_cast<std::size_t>(m)];
  if (!message.blocks || m_instance->commRank(message.receiver) != rank) return false;
  const int p = m_instance->size();
  if (p <= 0) return false;
  const auto offset = static_cast<std::uint32_t>(
      ((origin - static_cast<int>(message.blocks->origin_first)) % p + p) % p);
  return offset < message.blocks->origin_count;
}

int DataView::rankAt(const QPointF& point) const {
  if (!m_instance || m_rows == 0 || m_rowHeight <= 0) return -1;
  const double row = (point.y() - m_top) / m_rowHeight;
  if (row < 0 || row >= m_rows || point.x() < m_labelLeft) return -1;
  const int columns = m_bytesOnly ? 1 : static_cast<int>(m_ownership.slotOrigins().size());
  const double right = m_receivedColumns > 0 ? m_receivedLeft + m_cellWidth * m_receivedColumns
                                             : m_gridLeft + m_cellWidth * columns;
  if (point.x() > right + 200) return -1;
  return m_instance->worldRank(static_cast<int>(row));
}

int DataView::messageAt(const QPointF& point) const {
  if (!m_instance || m_bytesOnly || m_rows == 0 || m_rowHeight <= 0 || m_cellWidth <= 0) return -1;
  const double row = (point.y() - m_top) / m_rowHeight;
  const double column = (point.x() - m_gridLeft) / m_cellWidth;
  const std::vector<int>& origins = m_ownership.slotOrigins();
  if (row < 0 || row >= m_rows || column < 0 || column >= static_cast<double>(origins.size()))
    return -1;
  const Holding& h =
      m_holdings.at(static_cast<int>(row), origins[static_cast<std::size_t>(column)]);
  return h.lastMessage >= 0 ? h.lastMessage : h.incomingMessage;
}

QRectF DataView::slotRect(int rank, int origin) const {
  if (rank < 0 || rank >= m_rows) return {};
  const double gapY = rowGap(m_rowHeight);
  if (m_bytesOnly)
    return QRectF(m_gridLeft, m_top + rank * m_rowHeight + gapY / 2, m_cellWidth,
                  m_rowHeight - gapY);
  if (origin < 0 || origin >= static_cast<int>(m_columnOf.size())) return {};
  const int c = m_columnOf[static_cast<std::size_t>(origin)];
  if (c < 0) return {};
  const double gapX = cellGap(m_cellWidth);
  return QRectF(m_gridLeft + c * m_cellWidth + gapX / 2, m_top + rank * m_rowHeight + gapY / 2,
                m_cellWidth - gapX, m_rowHeight - gapY);
}

} // namespace collscope::app
