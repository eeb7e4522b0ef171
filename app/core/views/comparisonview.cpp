#include "views/comparisonview.h"

#include "paint/messageline.h"
#include "paint/viewframe.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace collscope::app {

ComparisonView::ComparisonView(const TraceDocument& first, const TraceDocument& second)
    : TraceView(ViewContext{&first, nullptr}), m_documents{&first, &second} {
  for (int half = 0; half < 2; ++half)
    m_renderers[half] = std::make_unique<SpaceTimeRenderer>(*m_documents[half]);
  // Each trace from its own start: a call from the call's, a whole run from the run's.
  for (int half = 0; half < 2; ++half)
    m_time[half].setOrigin(m_documents[half]->call() != nullptr ? QStringLiteral("the call's start")
                                                                : QStringLiteral("trace start"));
}

AxisMode ComparisonView::mode() const {
  if (m_mode != AxisMode::annotatedRounds) return m_mode;
  for (const TraceDocument* document : m_documents)
    if (document->clock(AxisMode::annotatedRounds).columnCount() == 0)
      return AxisMode::inferredRounds;
  return m_mode;
}

const LinearAxis& ComparisonView::axis(int half) const {
  if (m_rendered == AxisMode::time) return m_time[half];
  return m_rounds[half];
}

QLineF ComparisonView::messageLine(int half, int message) const {
  const TraceDocument& document = *m_documents[half];
  return app::messageLine(m_geometry[half], document.clock(m_rendered), document.trace(), message);
}

LinearAxis& ComparisonView::axisFor(int half, AxisMode mode) {
  if (mode == AxisMode::time) return m_time[half];
  return m_rounds[half];
}

std::vector<LegendPainter::Entry> ComparisonView::legendEntries(bool cursor) const {
  const AxisMode mode = this->mode();
  const bool nodes = std::any_of(m_documents.begin(), m_documents.end(), [](const auto* document) {
    return document->nodeLayout().nodes > 1;
  });
  return LegendPainter::entries({&m_documents[0]->lanes(mode), &m_documents[1]->lanes(mode)},
                                cursor, true, false, nodes);
}

const TraceClock& ComparisonView::sharedClock() const {
  const AxisMode mode = this->mode();
  const TraceClock& first = m_documents[0]->clock(mode);
  const TraceClock& second = m_documents[1]->clock(mode);
  return second.end() > first.end() ? second : first;
}

double ComparisonView::step(double x, int direction, bool rounds) const {
  const AxisMode mode = this->mode();
  const TraceClock& shared = sharedClock();
  const double eps = (shared.end() - shared.begin()) * 1e-9;
  double begin = shared.begin(), end = shared.end();
  std::optional<double> best;
  for (const TraceDocument* document : m_documents) {
    const TraceClock& clock = document->clock(mode);
    begin = std::min(begin, clock.begin());
    end = std::max(end, clock.end());
    const std::vector<double>& stops = rounds ? clock.roundEnds() : clock.events();
    if (direction > 0) {
      const auto next = std::upper_bound(stops.begin(), stops.end(), x + eps);
      if (next != stops.end()) best = std::min(best.value_or(*next), *next);
    } else {
      const auto prev = std::lower_bound(stops.begin(), stops.end(), x - eps);
      if (prev != stops.begin()) best = std::max(best.value_or(*(prev - 1)), *(prev - 1));
    }
  }
  return best.value_or(direction > 0 ? end : begin);
}

void ComparisonView::placeCursor(AxisMode mode, double x) {
  for (int half = 0; half < 2; ++half) {
    m_playback[half].setClock(&m_documents[half]->clock(mode));
    m_playback[half].setCursor(x);
  }
}

QString ComparisonView::progressAt(int half, double x) const {
  const TraceClock& clock = m_documents[half]->clock(mode());
  return clock.progressText(clock.groupAt(x), x);
}

QString ComparisonView::cursorText(double x) const {
  return QStringLiteral("A: %1  |  B: %2").arg(progressAt(0, x), progressAt(1, x));
}

void ComparisonView::render(QPainter& painter, const QRect& target, const Playback& playback) {
  const AxisMode mode = this->mode();
  m_rendered = mode;
  const bool shared = playback.clock() != nullptr;
  const double cursor = shared ? playback.cursor() : 0.0;
  if (shared) placeCursor(mode, cursor);
  const bool cursorShown = shared && !playback.atEnd();

  // One legend for both, under both: reserve its rows first.
  const ViewStyle style = styleFor(target.size());
  const std::vector<LegendPainter::Entry> entries = legendEntries(cursorShown);
  const double legendHeight =
      LegendPainter::height(LegendPainter::layout(QRectF(target), entries, style).rows, style);
  const int plotsBottom = target.bottom() - static_cast<int>(std::ceil(legendHeight));
  m_legend = QRectF(target.left(), plotsBottom + 1, target.width(), target.bottom() - plotsBottom);
  const int split = target.top() + (plotsBottom - target.top() + 1) / 2;
  const std::array<QRect, 2> halves{
      QRect(target.left(), target.top(), target.width(), split - target.top()),
      QRect(target.left(), split, target.width(), plotsBottom - split + 1)};
  // One range for both: from the earlier start to the later end (time), or the larger number of
  // round columns, each numbered from 0.
  double begin = 0.0, end = 0.0;
  int columns = 0;
  for (int half = 0; half < 2; ++half) {
    const TraceClock& clock = m_documents[half]->clock(mode);
    begin = half == 0 ? clock.begin() : std::min(begin, clock.begin());
    end = std::max(end, clock.end());
    columns = std::max(columns, clock.columnCount());
  }
  // The plots may differ in width (rank labels of more digits): the narrower one sets the
  // scale, the wider one shows correspondingly more of the axis.
  std::array<double, 2> widths{};
  for (int half = 0; half < 2; ++half) {
    const TraceDocument& document = *m_documents[half];
    const ViewStyle own = styleFor(halves[half].size());
    const SpaceTimeGeometry g(QRectF(halves[half]), document.rankCount(), own.spaceTimeMetrics(),
                              LegendPainter::height(0, own), document.nodeLayout().node_of);
    widths[half] = g.plot().width();
  }
  const double narrow = std::max(1.0, std::min(widths[0], widths[1]));
  bool strips = false;
  for (int half = 0; half < 2; ++half) {
    const double stretch = widths[half] / narrow;
    if (mode == AxisMode::time) {
      TimeAxis& axis = m_time[half];
      const double span = std::max(end - begin, 1e-9);
      axis.setMinimumSpan(span * 1e-7);
      axis.setExtent(begin, begin + span * stretch);
    } else {
      RoundAxis& axis = m_rounds[half];
      const QString title = mode == AxisMode::inferredRounds
                                ? QStringLiteral("round, inferred from the message order (from 0)")
                                : QStringLiteral("round, as the algorithm annotated it (from 0)");
      axis.setRounds(
          columns, [](int c) { return QString::number(c); }, title);
      axis.setExtent(0.0, std::max(columns, 1) * stretch);
    }
    SpaceTimeOptions options;
    options.legend = false;
    options.criticalPath = false;
    options.minimumTextPixels = minimumTextPixels();
    m_geometry[half] =
        m_renderers[half]->render(painter, QRectF(halves[half]), mode, axisFor(half, mode),
                                  shared ? &m_playback[half] : nullptr, options);
    strips = strips || m_geometry[half].hasStrips();
    // A trace over by the cursor is drawn whole: the cursor still stands over it, so that the
    // other one's progress can be read against its end.
    const QRectF plot = m_geometry[half].plot();
    const double x = axisFor(half, mode).toPixel(cursor);
    if (cursorShown && m_playback[half].atEnd()) {
      painter.save();
      if (x >= plot.left() && x <= plot.right()) {
        painter.setPen(QPen(style.cursor, style.cursorWidth));
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
      }
      // The title says where the shared cursor is ("t = 300 µs · all 7 rounds"), not where
      // this half's own cursor stopped, at its end.
      const ViewStyle own = ViewStyle::forSize(halves[half].size(), minimumTextPixels());
      const QRectF line = SpaceTimeRenderer::headerLine(m_geometry[half], own);
      painter.fillRect(line, own.background);
      paintTitleLine(painter, line, own, m_documents[half]->title(), progressAt(half, cursor));
      painter.restore();
    }
  }
  painter.save();
  painter.fillRect(m_legend, style.background);
  painter.setPen(QPen(QColor(90, 90, 90), 2.0));
  painter.drawLine(QPointF(target.left(), split), QPointF(target.right(), split));
  painter.restore();
  std::vector<LegendPainter::Entry> painted = entries;
  if (!strips)
    std::erase_if(painted, [](const LegendPainter::Entry& e) {
      return e.symbol == LegendPainter::Symbol::swatch &&
             (e.kind == StateKind::round || e.kind == StateKind::phase);
    });
  LegendPainter(painter, style).paint(m_legend, painted);
}

} // namespace collscope::app
