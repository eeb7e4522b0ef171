#include "paint/lanepainter.h"

#include <QFontMetricsF>
#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cmath>

namespace collscope::app {

namespace {

struct Run {
  bool open = false;
  QRgb color = 0;
  double x0 = 0.0;
  double x1 = 0.0;
  int label = -1;
};

} // namespace

void LanePainter::paint(const LaneIntervals& lanes) {
  m_rectangles = 0;
  const bool strips = m_geometry.hasStrips();
  m_painter.save();
  m_painter.setClipRect(m_geometry.plot());
  m_painter.setPen(Qt::NoPen);
  paintNodeBands();
  for (int rank = 0; rank < lanes.rankCount(); ++rank) {
    if (m_geometry.nodeCount() == 0 && m_geometry.row(rank) % 2 == 1)
      m_painter.fillRect(m_geometry.lane(rank), m_style.laneShade);
    using B = SpaceTimeGeometry::Band;
    paintTrack(lanes.track(rank, LaneIntervals::algorithmLayer),
               m_geometry.band(rank, B::algorithm), Extra::none);
    if (strips) {
      paintTrack(lanes.track(rank, LaneIntervals::roundLayer), m_geometry.band(rank, B::roundStrip),
                 Extra::roundLabels);
      paintTrack(lanes.track(rank, LaneIntervals::phaseLayer), m_geometry.band(rank, B::phaseStrip),
                 Extra::none);
    }
    const QRectF bar = m_geometry.band(rank, B::callBar);
    paintTrack(lanes.track(rank, LaneIntervals::callLayer), bar, Extra::none);
    paintTrack(lanes.track(rank, LaneIntervals::blockedLayer), bar, Extra::hatch);
  }
  m_painter.restore();
}

void LanePainter::paintNodeBands() {
  // Lanes grouped by node: every other node shaded and a rule between nodes, so the lecture's
  // question — which messages enter a node, and how often — reads off the diagram.
  const QRectF plot = m_geometry.plot();
  for (int node = 0; node < m_geometry.nodeCount(); ++node) {
    const QRectF band = m_geometry.nodeBand(node).intersected(plot);
    if (node % 2 == 1) m_painter.fillRect(band, m_style.nodeShade);
    if (node > 0)
      m_painter.fillRect(QRectF(plot.left(), band.top() - 0.5 * m_style.scale, plot.width(),
                                std::max(1.0, 1.5 * m_style.scale)),
                         m_style.nodeRule);
  }
}

void LanePainter::paintTrack(const IntervalTrack& track, const QRectF& band, Extra extra) {
  if (band.isEmpty() || track.intervals().empty()) return;
  const auto [first, last] = track.visible(m_axis.viewBegin(), m_axis.viewEnd());
  const double left = m_geometry.plot().left() - 1.0;
  const double right = m_geometry.plot().right() + 1.0;
  std::array<QRgb, stateKindCount> palette{};
  for (int k = 0; k < stateKindCount; ++k)
    palette[static_cast<std::size_t>(k)] = ViewStyle::color(static_cast<StateKind>(k)).rgb();
  const QRgb roundOdd = m_style.roundOdd.rgb();
  const auto colorOf = [&](const Interval& interval) {
    if (interval.kind == StateKind::round && interval.label % 2 == 1) return roundOdd;
    return palette[static_cast<std::size_t>(interval.kind)];
  };

  Run run;
  const auto flushRun = [&] {
    if (run.open)
      fill(QRectF(run.x0, band.top(), run.x1 - run.x0, band.height()), QColor::fromRgb(run.color),
           extra, run.label);
    run.open = false;
  };
  const auto push = [&](QRgb color, double x0, double x1, int label) {
    const bool mergeable = extra != Extra::roundLabels || label == run.label;
    if (run.open && run.color == color && x0 <= run.x1 + 0.5 && mergeable) {
      run.x1 = std::max(run.x1, x1);
      return;
    }
    flushRun();
    run = {true, color, x0, x1, label};
  };

  // Sub-pixel intervals: coverage per colour in the current pixel column.
  int column = INT_MIN;
  std::array<double, stateKindCount> cover{};
  std::array<QRgb, stateKindCount> coverColor{};
  unsigned touched = 0; // kinds present in the current column, as bits
  const auto flushColumn = [&] {
    if (column == INT_MIN) return;
    std::size_t best = 0;
    double total = 0.0, most = -1.0;
    for (unsigned bits = touched; bits != 0; bits &= bits - 1) {
      const auto k = static_cast<std::size_t>(std::countr_zero(bits));
      total += cover[k];
      if (cover[k] > most) {
        most = cover[k];
        best = k;
      }
      cover[k] = 0.0;
    }
    touched = 0;
    // A column takes the colour that covers most of it (what Vampir does); an overlay such as
    // blocked time only shows where it covers most of the pixel, so it does not look larger
    // than it is.
    if (extra != Extra::hatch || total >= 0.5) push(coverColor[best], column, column + 1.0, -1);
    column = INT_MIN;
  };

  constexpr int samplesPerColumn = 6;
  int sampled = 0;
  const double gap = std::max(1.0, 1.5 * m_style.scale);
  const double gapFrom = 4.0 * gap;
  const std::vector<Interval>& intervals = track.intervals();
  for (std::size_t i = first; i < last; ++i) {
    const Interval& interval = intervals[i];
    const double x0 = std::max(m_axis.toPixel(interval.x0), left);
    const double x1 = std::min(m_axis.toPixel(interval.x1), right);
    if (x1 < left || x0 > right) continue;
    if (x1 - x0 >= 1.0) {
      flushColumn();
      if (x1 - x0 >= gapFrom) {
        // Wide enough to see as a call of its own: keep a hairline gap to its neighbour.
        flushRun();
        fill(QRectF(x0, band.top(), x1 - x0 - gap, band.height()),
             QColor::fromRgb(colorOf(interval)), extra, interval.label);
        continue;
      }
      push(colorOf(interval), x0, x1, interval.label);
      continue;
    }
    const int c = static_cast<int>(std::floor(x0));
    if (c != column) {
      flushColumn();
      column = c;
      sampled = 0;
    }
    const auto k = static_cast<std::size_t>(interval.kind);
    cover[k] += std::max(x1 - x0, 0.02);
    coverColor[k] = colorOf(interval);
    touched |= 1u << k;
    if (++sampled < samplesPerColumn) continue;
    // Enough samples for this pixel column: jump to the next one (a repaint then costs
    // O(columns · log n), not O(n)), scaling the coverage by what was skipped. The column's
    // last interval is kept, as it may reach into the following columns.
    const double boundary = m_axis.fromPixel(c + 1.0);
    const auto next =
        std::lower_bound(intervals.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                         intervals.begin() + static_cast<std::ptrdiff_t>(last), boundary,
                         [](const Interval& v, double x) { return v.x0 < x; });
    const auto skip = static_cast<std::size_t>(next - intervals.begin()) - i - 1;
    if (skip > 1) {
      const double scale = static_cast<double>(sampled + skip - 1) / sampled;
      for (unsigned bits = touched; bits != 0; bits &= bits - 1)
        cover[static_cast<std::size_t>(std::countr_zero(bits))] *= scale;
      i += skip - 1;
    }
  }
  flushColumn();
  flushRun();
}

void LanePainter::fill(const QRectF& rect, const QColor& color, Extra extra, int label) {
  m_painter.fillRect(rect, color);
  ++m_rectangles;
  if (extra == Extra::hatch && rect.width() >= 6.0 * m_style.scale) {
    // Diagonal white stripes: waiting stays recognisable in greyscale and on poor projectors.
    m_painter.save();
    m_painter.setPen(QPen(QColor(255, 255, 255, 200), std::max(1.0, 2.5 * m_style.scale)));
    const double step = 12.0 * m_style.scale;
    const double h = rect.height();
    for (double x = rect.left() - h + std::fmod(rect.left(), step); x < rect.right(); x += step) {
      const auto stripe = SpaceTimeGeometry::clipX(QLineF(x, rect.bottom(), x + h, rect.top()),
                                                   rect.left(), rect.right());
      if (stripe) m_painter.drawLine(*stripe);
    }
    m_painter.restore();
  }
  if (extra == Extra::roundLabels && label >= 0) {
    const QFontMetricsF metrics(m_style.stripFont);
    QString text = QStringLiteral("round %1").arg(label);
    if (metrics.horizontalAdvance(text) + 6 > rect.width()) text = QString::number(label);
    if (metrics.horizontalAdvance(text) + 4 > rect.width() || metrics.height() > rect.height() + 4)
      return;
    m_painter.save();
    m_painter.setFont(m_style.stripFont);
    m_painter.setPen(m_style.text);
    m_painter.drawText(rect, Qt::AlignCenter, text);
    m_painter.restore();
  }
}

} // namespace collscope::app
