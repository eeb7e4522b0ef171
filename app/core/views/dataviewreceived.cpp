// The data view's second grid for a graded case: each rank's receive buffer after the call as
// the grader's harness read it back (CollectiveInstance::received), beside the blocks the
// messages delivered. Messages say what was sent; a buffer written at the wrong offsets (an
// all-to-all stepping by type size instead of extent) shows only here.
#include "paint/viewcolors.h"
#include "paint/viewframe.h"
#include "views/dataview.h"
#include "views/dataviewstyle.h"

#include <QFontMetricsF>
#include <algorithm>

namespace collscope::app {

using namespace dataviewstyle;

namespace {

/// Caption line above both grids.
double captionHeight(const ViewStyle& style) {
  return QFontMetricsF(style.labelFont).height() * 1.4;
}

QFont captionFont(const ViewStyle& style) {
  QFont font = style.labelFont;
  font.setBold(true);
  return font;
}

} // namespace

bool DataView::showsReceived() const {
  return m_instance && !m_reduction && m_instance->received().any();
}

QString DataView::receivedSummaryTemplate() {
  return QStringLiteral("00 wrong, past the end");
}

QString DataView::receivedSummary(int rank) const {
  const ReceivedBuffers& buffers = m_instance->received();
  const auto r = static_cast<std::size_t>(rank);
  if (r >= buffers.received.size() || !buffers.received[r]) return QStringLiteral("no buffer");
  const ReceivedBuffer& got = *buffers.received[r];
  const bool past = buffers.expected[r] && got.behindEnd != buffers.expected[r]->behindEnd;
  const int wrong = buffers.wrongBlocks(rank) - (past ? 1 : 0);
  if (wrong == 0 && !past) return QStringLiteral("as MPI's");
  if (wrong == 0) return QStringLiteral("past the end");
  return QStringLiteral("%1 wrong%2")
      .arg(wrong)
      .arg(past ? QStringLiteral(", past the end") : QString());
}

void DataView::layoutWithReceived(const QRectF& area, const ViewStyle& style, int columns) {
  const QFontMetricsF label(style.labelFont);
  const double pad = style.padding;
  const int extra = m_instance->received().columns();
  const double rightSummary = label.horizontalAdvance(receivedSummaryTemplate());
  const double gap = 4 * pad;
  const double rightExtra = gap + 2 * pad + rightSummary;
  // Bytes mode has no row of column heads of its own: the buffer's block numbers need one.
  const double heads = m_bytesOnly ? label.height() * 1.2 + 10 * style.scale : 0.0;
  const QRectF below = area.adjusted(0, captionHeight(style) + heads, 0, 0);
  layoutRows(below, style, below.width() - rightExtra, columns + extra);
  m_receivedColumns = extra;
  m_receivedLeft = m_gridLeft + m_cellWidth * columns + 2 * pad +
                   label.horizontalAdvance(summaryTemplate()) + gap;
  // Both grids together, centred.
  const double right = m_receivedLeft + m_cellWidth * extra + 2 * pad + rightSummary;
  const double dx = area.center().x() - (m_labelLeft + right) / 2;
  m_labelLeft += dx;
  m_gridLeft += dx;
  m_receivedLeft += dx;
}

void DataView::paintReceived(QPainter& painter, const ViewStyle& style) const {
  const ReceivedBuffers& buffers = m_instance->received();
  const QFontMetricsF metrics(style.labelFont);
  const double scale = style.scale;
  const int leftColumns = m_bytesOnly ? 1 : static_cast<int>(m_ownership.slotOrigins().size());

  // Captions over the two grids, then the buffer's block numbers.
  const double heads = m_top - 6 * scale - metrics.height() - (m_bytesOnly ? 0 : 7 * scale);
  const double captionTop = heads - captionHeight(style);
  const QFont bold = captionFont(style);
  const QFontMetricsF boldMetrics(bold);
  painter.setFont(bold);
  painter.setPen(style.text);
  const auto caption = [&](double left, double width, const QString& text) {
    const double w = std::max(width, boldMetrics.horizontalAdvance(text) + 4);
    painter.drawText(QRectF(left + width / 2 - w / 2, captionTop, w, captionHeight(style)),
                     Qt::AlignCenter, text);
  };
  caption(m_gridLeft, m_cellWidth * leftColumns,
          m_bytesOnly ? QStringLiteral("bytes the messages delivered")
                      : QStringLiteral("delivered by the messages"));
  caption(m_receivedLeft, m_cellWidth * m_receivedColumns,
          QStringLiteral("receive buffer after the call"));

  painter.setFont(style.labelFont);
  const int step = labelStride(
      m_cellWidth, metrics.horizontalAdvance(QString::number(m_receivedColumns - 1)) + 10 * scale);
  for (int b = 0; b < m_receivedColumns; ++b) {
    if (b % step != 0 && m_receivedColumns > 1) continue;
    const QString text = m_receivedColumns == 1 ? QStringLiteral("the buffer") : QString::number(b);
    const double w = std::max(m_cellWidth, metrics.horizontalAdvance(text) + 4);
    painter.setPen(style.text);
    painter.drawText(
        QRectF(m_receivedLeft + (b + 0.5) * m_cellWidth - w / 2, heads, w, metrics.height()),
        Qt::AlignCenter, text);
  }

  const int labelStep = labelStride(m_rowHeight, metrics.height() * 0.95);
  const double summaryWidth = metrics.horizontalAdvance(receivedSummaryTemplate()) + 4;
  for (int r = 0; r < m_rows; ++r) {
    const auto& got = buffers.received[static_cast<std::size_t>(r)];
    if (got) {
      for (int b = 0; b < static_cast<int>(got->blocks.size()) && b < m_receivedColumns; ++b)
        paintReceivedSlot(painter, style, r, b, receivedRect(r, b));
    }
    if (r % labelStep != 0 && buffers.wrongBlocks(r) == 0) continue;
    painter.setFont(style.labelFont);
    painter.setPen(buffers.wrongBlocks(r) > 0 ? palette::ink : subtitleColour);
    painter.drawText(QRectF(m_receivedLeft + m_cellWidth * m_receivedColumns + 2 * style.padding,
                            m_top + (r + 0.5) * m_rowHeight - metrics.height() / 2, summaryWidth,
                            metrics.height()),
                     Qt::AlignVCenter | Qt::AlignLeft,
                     metrics.elidedText(receivedSummary(r), Qt::ElideRight, summaryWidth));
  }
}

void DataView::paintReceivedSlot(QPainter& painter, const ViewStyle& style, int rank, int block,
                                 const QRectF& box) const {
  const ReceivedBuffers& buffers = m_instance->received();
  const ReceivedBlock& got =
      buffers.received[static_cast<std::size_t>(rank)]->blocks[static_cast<std::size_t>(block)];
  const int p = m_instance->size();
  const double scale = style.scale;
  const bool wrong = buffers.wrong(rank, block);
  // A wrong slot keeps its lower part for what MPI's buffer holds there.
  const double strip = wrong ? std::max(3.0, box.height() * 0.3) : 0.0;
  const auto fill = [&](const ReceivedBlock& content, const QRectF& area) {
    if (content.empty) {
      painter.fillRect(area, palette::paper);
      paintHatch(painter, area, QColor(170, 170, 170), std::max(4.0, 9 * scale),
                 std::max(1.0, 1.6 * scale));
      return;
    }
    double x = area.left();
    for (const auto& [who, share] : content.shares()) {
      const QRectF part(x, area.top(), area.width() * share, area.height());
      x += part.width();
      if (who >= 0) {
        painter.fillRect(part, originColor(who, p));
      } else if (who == -1) {
        painter.fillRect(part, emptySlot);
      } else {
        painter.fillRect(part, palette::paper);
        paintHatch(painter, part, palette::secondaryInk, std::max(4.0, 7 * scale),
                   std::max(1.0, 1.4 * scale));
      }
    }
  };
  fill(got, QRectF(box.left(), box.top(), box.width(), box.height() - strip));
  if (!wrong) return;
  const auto& want = buffers.expected[static_cast<std::size_t>(rank)];
  const QRectF lower(box.left(), box.bottom() - strip, box.width(), strip);
  if (want && block < static_cast<int>(want->blocks.size()))
    fill(want->blocks[static_cast<std::size_t>(block)], lower);
  else
    painter.fillRect(lower, palette::paper);
  const double w = std::min(std::max(1.5, 3 * scale), box.height() / 6);
  painter.setPen(QPen(style.background, std::max(1.0, 1.5 * scale)));
  painter.drawLine(QPointF(box.left(), lower.top()), QPointF(box.right(), lower.top()));
  painter.setPen(QPen(palette::ink, w));
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(box.adjusted(w / 2, w / 2, -w / 2, -w / 2));
}

QRectF DataView::receivedRect(int rank, int block) const {
  if (m_receivedColumns == 0 || rank < 0 || rank >= m_rows || block < 0 ||
      block >= m_receivedColumns)
    return {};
  const double gapX = cellGap(m_cellWidth);
  const double gapY = rowGap(m_rowHeight);
  return QRectF(m_receivedLeft + block * m_cellWidth + gapX / 2,
                m_top + rank * m_rowHeight + gapY / 2, m_cellWidth - gapX, m_rowHeight - gapY);
}

} // namespace collscope::app
