#include "views/spacetimeview.h"

#include "paint/messageline.h"

#include <algorithm>

namespace collscope::app {

SpaceTimeView::SpaceTimeView(const ViewContext& context)
    : TraceView(context), m_renderer(*context.document) {
  const TraceDocument& doc = document();
  const TraceClock& time = doc.clock(AxisMode::time);
  m_time.setMinimumSpan(std::max(1e-9, (time.end() - time.begin()) * 1e-7));
  m_time.setExtent(time.begin(), time.end());
  if (doc.call() != nullptr) m_time.setOrigin(QStringLiteral("the call's start"));
}

void SpaceTimeView::configureRounds(RoundAxis& axis, AxisMode mode) {
  const TraceClock* clock = &document().clock(mode);
  QString title = mode == AxisMode::inferredRounds
                      ? QStringLiteral("round, inferred from the message order (from 0)")
                      : QStringLiteral("round, as the algorithm annotated it (from 0)");
  if (clock->columnCount() == 0) title = QStringLiteral("round (the trace has none on this axis)");
  axis.setRounds(
      clock->columnCount(), [clock](int c) { return clock->columnLabel(c); }, title);
}

LinearAxis& SpaceTimeView::axis(AxisMode mode) {
  switch (mode) {
  case AxisMode::time:
    return m_time;
  case AxisMode::inferredRounds:
    if (!m_inferredReady) configureRounds(m_inferred, mode);
    m_inferredReady = true;
    return m_inferred;
  case AxisMode::annotatedRounds:
    if (!m_annotatedReady) configureRounds(m_annotated, mode);
    m_annotatedReady = true;
    return m_annotated;
  }
  return m_time;
}

void SpaceTimeView::render(QPainter& painter, const QRect& target, const Playback& playback) {
  m_mode = playback.clock() ? playback.clock()->mode() : AxisMode::time;
  SpaceTimeOptions options;
  options.legend = m_legend;
  options.selectedMessage = selectedMessage();
  options.selectedRank = selectedRank();
  options.criticalPath = m_criticalPath;
  options.minimumTextPixels = minimumTextPixels();
  m_geometry = m_renderer.render(painter, QRectF(target), m_mode, axis(m_mode),
                                 playback.clock() ? &playback : nullptr, options);
}

int SpaceTimeView::messageAt(const QPointF& point) const {
  const double tolerance =
      std::max(6.0, 10.0 * ViewStyle::forSize(m_geometry.target().size().toSize()).scale);
  return app::messageAt(m_geometry, document().clock(m_mode), document().trace(), point, tolerance);
}

QLineF SpaceTimeView::messageLine(int message) const {
  return app::messageLine(m_geometry, document().clock(m_mode), document().trace(), message);
}

} // namespace collscope::app
