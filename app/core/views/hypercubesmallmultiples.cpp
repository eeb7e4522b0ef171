// The hypercube view's small multiples: one small cube per round, captioned with the
// dimensions its messages use, the current round framed; a window of rounds around the cursor
// when they do not all fit.
#include "paint/viewcolors.h"
#include "paint/viewframe.h"
#include "paint/viewstyle.h"
#include "views/hypercubeview.h"

#include <QFontMetricsF>
#include <algorithm>

namespace collscope::app {

namespace {

/// Rows and columns for `n` cells of a drawing of `aspect` (width over height) in `area` that
/// give the largest drawings; `size` is the drawing's height.
struct Grid {
  int columns = 1;
  int rows = 1;
  double size = 0;
};

Grid bestGrid(int n, const QSizeF& area, double aspect, double caption, double gap) {
  Grid best;
  for (int columns = 1; columns <= n; ++columns) {
    const int rows = (n + columns - 1) / columns;
    const double size =
        std::min((area.width() / columns - gap) / aspect, area.height() / rows - caption - gap);
    if (size > best.size) best = {columns, rows, size};
  }
  return best;
}

} // namespace

void HypercubeView::paintSmallMultiples(QPainter& painter, const QRectF& area,
                                        const ViewStyle& style, const Playback& playback) {
  const int rounds = m_model.roundCount();
  const int d = m_model.dimension();
  if (rounds == 0 || area.width() < 10 || area.height() < 10) return;
  const double scale = style.scale;
  const QFontMetricsF metrics(style.legendFont);
  const double caption = metrics.height() * 1.25;
  const double gap = 14 * scale;
  const double aspect = std::max(1.0, hypercubeAspect(d));
  // A cell no narrower than its caption, so that "round 5: dim 2" stays readable.
  double widest = 0;
  for (int r = 0; r < rounds; ++r)
    widest = std::max(widest, metrics.horizontalAdvance(captionOf(r)));
  const double minimum = std::max(90 * scale, std::min(widest + 50 * scale, 320 * scale) / aspect);

  int shown = rounds;
  Grid grid = bestGrid(shown, area.size(), aspect, caption, gap);
  QRectF cells = area;
  if (grid.size < minimum) {
    cells.setBottom(area.bottom() - caption);
    while (shown > 1 && (grid = bestGrid(shown, cells.size(), aspect, caption, gap)).size < minimum)
      --shown;
    grid = bestGrid(shown, cells.size(), aspect, caption, gap);
  }
  const int focus = std::max(0, m_activeRound);
  const int first = std::clamp(focus - shown / 2, 0, rounds - shown);
  if (shown < rounds) {
    painter.setFont(style.legendFont);
    painter.setPen(palette::secondaryInk);
    const QString which =
        QStringLiteral("rounds %1 – %2 of %3 shown (they follow the cursor)")
            .arg(m_instance->roundLabel(first), m_instance->roundLabel(first + shown - 1))
            .arg(rounds);
    painter.drawText(QRectF(area.left(), cells.bottom(), area.width(), caption), Qt::AlignCenter,
                     fitLine(which, metrics, area.width(), style));
  }

  const double cellWidth = std::min(cells.width() / grid.columns, grid.size * aspect + gap);
  const double cellHeight = std::min(cells.height() / grid.rows, grid.size + caption + gap);
  const double top = cells.top() + (cells.height() - cellHeight * grid.rows) / 2;
  const double left = cells.left() + (cells.width() - cellWidth * grid.columns) / 2;
  const int selected = m_instance->commRank(selectedRank());
  for (int i = 0; i < shown; ++i) {
    const int r = first + i;
    const QRectF cell(left + (i % grid.columns) * cellWidth, top + (i / grid.columns) * cellHeight,
                      cellWidth, cellHeight);
    const QRectF inner = cell.adjusted(gap / 2, gap / 2, -gap / 2, -gap / 2);
    const bool active = !m_allDelivered && r == m_activeRound;
    painter.setPen(QPen(active ? style.text : style.grid, active ? 3 * scale : 1.5 * scale));
    painter.drawRoundedRect(inner, 8 * scale, 8 * scale);

    const QRectF swatch(inner.left() + 8 * scale, inner.top() + caption * 0.3, 26 * scale,
                        caption * 0.45);
    painter.fillRect(swatch, roundColor(r, rounds));
    painter.setFont(style.legendFont);
    painter.setPen(style.text);
    const QRectF textBox(swatch.right() + 8 * scale, inner.top(),
                         inner.right() - swatch.right() - 12 * scale, caption);
    painter.drawText(textBox, Qt::AlignVCenter | Qt::AlignLeft,
                     fitLine(captionOf(r), metrics, textBox.width(), style));

    const double dot = std::clamp(grid.size * 0.035, 2.0 * scale, 7.0 * scale);
    const QRectF drawing(inner.left() + 3 * dot, inner.top() + caption + 2 * dot,
                         inner.width() - 6 * dot, inner.bottom() - inner.top() - caption - 4 * dot);
    const CubeLayout layout = hypercubeLayout(d, drawing);
    if (layout.vertices.empty()) continue;
    paintCubeSkeleton(painter, layout, d, style.grid, std::max(1.0, 1.5 * scale));
    const double width = std::max(1.2, 2.4 * scale);
    const double head = std::max(4.0, std::min(13.0 * scale, layout.unit * 0.18));
    for (const CubeMessage& m : m_model.round(r).messages) {
      const StrokeEmphasis emphasis = emphasisOf(m, playback);
      const QPointF a = layout.vertices[static_cast<std::size_t>(m_model.vertexOf(m.from))];
      const QPointF b = layout.vertices[static_cast<std::size_t>(m_model.vertexOf(m.to))];
      const QPolygonF path = m.dimension >= 0
                                 ? cubeEdgePath(a, b, dot + scale, std::max(width, 2.5 * scale))
                                 : cubeChordPath(a, b, dot + scale, 0.12);
      paintMessage(painter, m, path, width, head,
                   emphasis == StrokeEmphasis::faded ? StrokeEmphasis::plain : emphasis,
                   emphasis == StrokeEmphasis::ghost ? 1.0 : playback.progress(m.message), false);
    }
    for (int v = 0; v < static_cast<int>(layout.vertices.size()); ++v) {
      const int rank = m_model.rankOf(v);
      const double size = rank == selected ? dot * 2.2 : dot;
      painter.setPen(Qt::NoPen);
      painter.setBrush(rank == selected
                           ? QColor(200, 170, 0)
                           : (rank == m_instance->root() || (m_instance->root() < 0 && v == 0)
                                  ? style.text
                                  : palette::mutedInk));
      painter.drawEllipse(layout.vertices[static_cast<std::size_t>(v)], size, size);
    }
    painter.setBrush(Qt::NoBrush);
  }
}

QString HypercubeView::captionOf(int round) const {
  return QStringLiteral("round %1: %2")
      .arg(m_instance->roundLabel(round), m_model.roundText(round));
}

} // namespace collscope::app
