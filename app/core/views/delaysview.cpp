#include "views/delaysview.h"

#include "format/units.h"
#include "paint/viewcolors.h"
#include "paint/viewframe.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace collscope::app {

void DelaysView::render(QPainter& painter, const QRect& target, const Playback& playback) {
  const ViewStyle style = styleFor(target.size());
  m_scene.update(document(), playback);
  const CollectiveInstance& instance = m_scene.instance();
  double total = 0.0;
  int waiting = 0;
  for (double w : m_scene.nodeWait()) {
    total += w;
    waiting += w > 0.0 ? 1 : 0;
  }
  const QString subtitle =
      QStringLiteral("a rank waits when a child's subtree is not ready (δ = T_right − T_left): "
                     "%1 of %2 ranks waited, %3 in all, longest %4")
          .arg(waiting)
          .arg(instance.size())
          .arg(formatDuration(total), formatDuration(m_scene.maxWait()));
  QRectF area = paintViewHeader(
      painter, target, style, QStringLiteral("Gather delays · ") + instance.title(),
      m_scene.tree().isTree()
          ? subtitle
          : QStringLiteral("no tree to draw (%1) · ")
                    .arg(m_scene.tree().reason().chopped(
                        m_scene.tree().reason().endsWith(QLatin1Char('.')) ? 1 : 0)) +
                subtitle,
      instance.progressText(playback));
  std::vector<LegendEntry> legend;
  const double maxWait = m_scene.maxWait();
  for (int i = 0; i <= 4; ++i)
    legend.push_back({delayColor(i / 4.0), formatDuration(maxWait * i / 4.0)});
  if (m_scene.tree().isTree())
    legend.push_back({palette::purple, QStringLiteral("edge on the critical path")});
  area = paintViewLegend(painter, area, style, legend);

  const bool tree = m_scene.tree().isTree();
  const double chartWidth = tree ? area.width() * 0.3 : area.width();
  const QRectF chart(area.right() - chartWidth, area.top(), chartWidth, area.height());
  if (tree) {
    const QRectF left(area.left(), area.top(), area.width() - chartWidth - style.padding,
                      area.height());
    m_scene.paint(painter, left, style, playback, TreeScene::Colouring::delays, selectedRank(),
                  selectedMessage());
  }
  paintBars(painter, chart, style);
}

void DelaysView::paintBars(QPainter& painter, const QRectF& area, const ViewStyle& style) {
  const CollectiveInstance& instance = m_scene.instance();
  const int p = instance.size();
  m_bars.assign(static_cast<std::size_t>(p), QRectF());
  if (p == 0) return;
  QFontMetricsF heading(style.labelFont);
  painter.setFont(style.labelFont);
  painter.setPen(style.text);
  // A narrow chart (a slide's scene beside another) takes the shorter heading.
  QString title = QStringLiteral("Waiting time per rank");
  for (const QString& shorter : {QStringLiteral("Waiting time"), QStringLiteral("Waits")})
    if (heading.horizontalAdvance(title) > area.width()) title = shorter;
  painter.drawText(QRectF(area.left(), area.top(), area.width(), heading.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, fitLine(title, heading, area.width(), style));
  const QRectF rows(area.left(), area.top() + heading.height() * 1.3, area.width(),
                    area.height() - heading.height() * 1.3);
  const double rowHeight = std::min(rows.height() / p, 48.0 * style.scale);
  QFont font = style.tickFont;
  // Sized to the rows; on a slide never below its floor, and then every k-th rank is named.
  font.setPixelSize(static_cast<int>(std::ceil(
      style.textPixels(std::max(7.0, std::round(std::min(rowHeight * 0.7, 22.0 * style.scale)))))));
  const QFontMetricsF metrics(font);
  painter.setFont(font);
  const double labelWidth = metrics.horizontalAdvance(QStringLiteral("rank 00 ")) + 4;
  const double valueWidth = metrics.horizontalAdvance(QStringLiteral("000.0 ms ")) + 4;
  const double barSpace = std::max(10.0, rows.width() - labelWidth - valueWidth);
  const double maxWait = m_scene.maxWait();
  const int labelEvery = rowHeight >= metrics.height() * 0.95
                             ? 1
                             : static_cast<int>(std::ceil(metrics.height() / rowHeight));
  for (int r = 0; r < p; ++r) {
    const double y = rows.top() + r * rowHeight;
    const QRectF row(rows.left(), y, rows.width(), rowHeight);
    m_bars[static_cast<std::size_t>(r)] = row;
    if (instance.worldRank(r) == selectedRank())
      painter.fillRect(row, palette::withAlpha(palette::yellow, 140));
    const double wait = m_scene.nodeWait()[static_cast<std::size_t>(r)];
    const double share = maxWait > 0.0 ? wait / maxWait : 0.0;
    const QRectF bar(rows.left() + labelWidth, y + rowHeight * 0.12, barSpace * share,
                     rowHeight * 0.76);
    painter.fillRect(bar, delayColor(share));
    if (wait > 0.0) {
      painter.setPen(QPen(palette::mutedInk, 1));
      painter.drawRect(bar);
    }
    painter.setPen(style.text);
    if (r % labelEvery == 0)
      painter.drawText(QRectF(rows.left(), y, labelWidth - 4, rowHeight),
                       Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("rank %1").arg(r));
    if (wait > 0.0 && rowHeight >= metrics.height() * 0.8)
      painter.drawText(QRectF(bar.right() + 4, y, valueWidth, rowHeight),
                       Qt::AlignLeft | Qt::AlignVCenter, formatDuration(wait));
  }
}

int DelaysView::rankAt(const QPointF& point) const {
  const int rank = m_scene.rankAt(point);
  if (rank >= 0) return rank;
  for (std::size_t r = 0; r < m_bars.size(); ++r)
    if (m_bars[r].contains(point)) return m_scene.instance().worldRank(static_cast<int>(r));
  return -1;
}

} // namespace collscope::app
