// The circulant view's small multiples: one small circle per round, captioned with its skips,
// the current round framed; a window of rounds around the cursor when they do not all fit.
#include "paint/viewcolors.h"
#include "paint/viewframe.h"
#include "paint/viewstyle.h"
#include "views/circulantview.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace collscope::app {

namespace {

/// Beyond this the small circles get crowded anyway, and a repaint must stay fast.
constexpr std::size_t maxSmallChords = 1000;

/// Rows and columns for `n` cells in `area` that give the largest circles.
struct Grid {
  int columns = 1;
  int rows = 1;
  double diameter = 0;
};

Grid bestGrid(int n, const QSizeF& area, double caption, double gap) {
  Grid best;
  for (int columns = 1; columns <= n; ++columns) {
    const int rows = (n + columns - 1) / columns;
    const double d = std::min(area.width() / columns - gap, area.height() / rows - caption - gap);
    if (d > best.diameter) best = {columns, rows, d};
  }
  return best;
}

} // namespace

void CirculantView::paintSmallMultiples(QPainter& painter, const QRectF& area,
                                        const ViewStyle& style, const Playback& playback) {
  const int rounds = m_model.roundCount();
  const int p = m_model.size();
  const double scale = style.scale;
  const QFontMetricsF metrics(style.legendFont);
  const double caption = metrics.height() * 1.25;
  const double gap = 14 * scale;
  // A circle no smaller than its caption is wide, so that "round 12: d = 1" stays readable.
  double widest = 0;
  for (int r = 0; r < rounds; ++r)
    widest = std::max(widest, metrics.horizontalAdvance(captionOf(r)));
  const double minimum = std::max(120 * scale, std::min(widest + 50 * scale, 320 * scale));

  // As many rounds as fit with circles of at least `minimum`; beyond that a window of rounds
  // around the latest one, and a note saying which.
  int shown = rounds;
  Grid grid = bestGrid(shown, area.size(), caption, gap);
  QRectF cells = area;
  if (grid.diameter < minimum) {
    cells.setBottom(area.bottom() - caption);
    while (shown > 1 && (grid = bestGrid(shown, cells.size(), caption, gap)).diameter < minimum)
      --shown;
    grid = bestGrid(shown, cells.size(), caption, gap);
  }
  const int focus = std::max(0, m_activeRound);
  const int first = std::clamp(focus - shown / 2, 0, rounds - shown);
  if (shown < rounds) {
    painter.setFont(style.legendFont);
    painter.setPen(palette::secondaryInk);
    const QString which =
        shown == 1 ? QStringLiteral("round %1 of %2 shown (it follows the cursor)")
                         .arg(m_instance.value().roundLabel(first))
                         .arg(rounds)
                   : QStringLiteral("rounds %1 – %2 of %3 shown (they follow the cursor)")
                         .arg(m_instance.value().roundLabel(first),
                              m_instance.value().roundLabel(first + shown - 1))
                         .arg(rounds);
    painter.drawText(QRectF(area.left(), cells.bottom(), area.width(), caption), Qt::AlignCenter,
                     fitLine(which, metrics, area.width(), style));
  }

  // Cells just big enough for their circle, the grid centred in what is left.
  const double cellWidth = std::min(cells.width() / grid.columns, grid.diameter + gap);
  const double cellHeight = std::min(cells.height() / grid.rows, grid.diameter + caption + gap);
  const double top = cells.top() + (cells.height() - cellHeight * grid.rows) / 2;
  const double left = cells.left() + (cells.width() - cellWidth * grid.columns) / 2;
  const double radius = std::max(10.0, grid.diameter / 2 - 6 * scale);
  const double dot =
      std::clamp(std::numbers::pi * radius / std::max(1, p) * 0.35, 1.5 * scale, 5.0 * scale);
  const double width = std::max(1.2, 2.4 * scale * std::clamp(24.0 / p, 0.5, 1.0));
  const double spacing = 2 * std::numbers::pi * radius / std::max(1, p);
  const double head = std::max(4.0, std::min({13.0 * scale, radius * 0.13, spacing * 0.55}));
  const int selected = m_instance.value().commRank(selectedRank());

  for (int i = 0; i < shown; ++i) {
    const int r = first + i;
    const QRectF cell(left + (i % grid.columns) * cellWidth, top + (i / grid.columns) * cellHeight,
                      cellWidth, cellHeight);
    const QRectF inner = cell.adjusted(gap / 2, gap / 2, -gap / 2, -gap / 2);
    const bool active = !m_allDelivered && r == m_activeRound;
    painter.setPen(QPen(active ? style.text : style.grid, active ? 3 * scale : 1.5 * scale));
    painter.drawRoundedRect(inner, 8 * scale, 8 * scale);

    // Caption: the round's colour and its skips.
    const QColor colour = roundColor(r, rounds);
    const QRectF swatch(inner.left() + 8 * scale, inner.top() + caption * 0.3, 26 * scale,
                        caption * 0.45);
    painter.fillRect(swatch, colour);
    painter.setFont(style.legendFont);
    painter.setPen(style.text);
    const QString text = captionOf(r);
    const QRectF textBox(swatch.right() + 8 * scale, inner.top(),
                         inner.right() - swatch.right() - 12 * scale, caption);
    painter.drawText(textBox, Qt::AlignVCenter | Qt::AlignLeft,
                     fitLine(text, metrics, textBox.width(), style));

    const QPointF center(inner.center().x(), (inner.top() + caption + inner.bottom()) / 2);
    painter.setPen(QPen(style.grid, std::max(1.0, 1.5 * scale)));
    painter.drawEllipse(center, radius, radius);
    const std::vector<Chord>& chords = m_model.round(r).chords;
    const std::size_t stride = chords.size() / maxSmallChords + 1;
    for (std::size_t c = 0; c < chords.size(); c += stride) {
      const Chord& chord = chords[c];
      const StrokeEmphasis emphasis = emphasisOf(chord, playback);
      paintChord(painter, chord, chordPath(center, radius, chord.from, chord.to, p, dot + scale),
                 width, head, emphasis == StrokeEmphasis::faded ? StrokeEmphasis::plain : emphasis,
                 emphasis == StrokeEmphasis::ghost ? 1.0 : playback.progress(chord.message), false);
    }
    for (int k = 0; k < p; ++k) {
      const double size = k == selected ? dot * 2.2 : dot;
      painter.setPen(Qt::NoPen);
      painter.setBrush(k == selected ? QColor(200, 170, 0)
                                     : (k == 0 ? style.text : palette::mutedInk));
      painter.drawEllipse(circlePoint(center, radius, k, p), size, size);
    }
    painter.setBrush(Qt::NoBrush);
  }
}

QString CirculantView::captionOf(int round) const {
  QString text = QStringLiteral("round %1: %2")
                     .arg(m_instance.value().roundLabel(round), m_model.roundText(round));
  const std::size_t stride = m_model.round(round).chords.size() / maxSmallChords + 1;
  if (stride > 1) text += QStringLiteral(" (1 in %1 drawn)").arg(stride);
  return text;
}

int CirculantView::rankAt(const QPointF& point) const {
  if (!m_instance) return -1;
  for (const HitNode& node : m_nodes)
    if (QLineF(node.center, point).length() <= std::max(node.radius + 4, 10.0) ||
        node.label.contains(point))
      return m_instance->worldRank(node.rank);
  return -1;
}

int CirculantView::messageAt(const QPointF& point) const {
  for (const HitNode& node : m_nodes)
    if (QLineF(node.center, point).length() <= node.radius) return -1;
  int best = -1;
  double bestDistance = 0;
  for (auto it = m_chords.rbegin(); it != m_chords.rend(); ++it) {
    const double d = distanceToPath(it->path, point);
    if (d <= it->reach && (best < 0 || d < bestDistance)) {
      best = it->message;
      bestDistance = d;
    }
  }
  return best;
}

QPolygonF CirculantView::bigChord(int message) const {
  for (const HitChord& chord : m_chords)
    if (chord.big && chord.message == message) return chord.path;
  return {};
}

QPolygonF CirculantView::smallChord(int message) const {
  for (const HitChord& chord : m_chords)
    if (!chord.big && chord.message == message) return chord.path;
  return {};
}

QPointF CirculantView::nodeCenter(int rank) const {
  for (const HitNode& node : m_nodes)
    if (node.rank == rank) return node.center;
  return {};
}

} // namespace collscope::app
