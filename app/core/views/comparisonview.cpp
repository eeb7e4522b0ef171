#include "views/comparisonview.h"

#include "paint/legendpainter.h"

#include <algorithm>

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

LinearAxis& ComparisonView::axisFor(int half, AxisMode mode) {
  if (mode == AxisMode::time) return m_time[half];
  return m_rounds[half];
}

void ComparisonView::render(QPainter& painter, const QRect& target, const Playback&) {
  const AxisMode mode = this->mode();
  m_rendered = mode;
  const int split = target.top() + target.height() / 2;
  const std::array<QRect, 2> halves{
      QRect(target.left(), target.top(), target.width(), split - target.top()),
      QRect(target.left(), split, target.width(), target.bottom() - split + 1)};
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
    const ViewStyle style = styleFor(halves[half].size());
    const SpaceTimeGeometry g(QRectF(halves[half]), document.rankCount(), style,
                              LegendPainter::height(0, style), document.nodeLayout().node_of);
    widths[half] = g.plot().width();
  }
  const double narrow = std::max(1.0, std::min(widths[0], widths[1]));
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
    m_geometry[half] = m_renderers[half]->render(painter, QRectF(halves[half]), mode,
                                                 axisFor(half, mode), nullptr, options);
  }
  painter.save();
  painter.setPen(QPen(QColor(90, 90, 90), 2.0));
  painter.drawLine(QPointF(target.left(), split), QPointF(target.right(), split));
  painter.restore();
}

} // namespace collscope::app
