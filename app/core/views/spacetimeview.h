// The space-time diagram as a TraceView: keeps one x axis per mode (so switching between time
// and rounds returns to where the user was) and the layout of the last render for hit tests.
#pragma once

#include "geometry/roundaxis.h"
#include "geometry/timeaxis.h"
#include "paint/spacetimerenderer.h"
#include "views/traceview.h"

namespace collscope::app {

class SpaceTimeView : public TraceView {
public:
  explicit SpaceTimeView(const ViewContext& context);

  QString name() const override { return QStringLiteral("timeline"); }
  QString title() const override { return QStringLiteral("Space-time diagram"); }
  void render(QPainter& painter, const QRect& target, const Playback& playback) override;

  LinearAxis& axis(AxisMode mode);
  /// The mode of the last render (the playback clock's).
  AxisMode mode() const { return m_mode; }
  const SpaceTimeGeometry& geometry() const { return m_geometry; }
  const SpaceTimeRenderer& renderer() const { return m_renderer; }
  void setLegendVisible(bool visible) { m_legend = visible; }
  void setCriticalPathVisible(bool visible) { m_criticalPath = visible; }
  bool criticalPathVisible() const { return m_criticalPath; }

  /// Where the last render drew message `message` (paint/messageline.h).
  QLineF messageLine(int message) const;
  /// Hit tests against the last render; -1 for nothing.
  int messageAt(const QPointF& point) const override;
  int rankAt(const QPointF& point) const override { return m_geometry.rankAt(point.y()); }

private:
  void configureRounds(RoundAxis& axis, AxisMode mode);

  TimeAxis m_time;
  RoundAxis m_inferred;
  RoundAxis m_annotated;
  bool m_inferredReady = false;
  bool m_annotatedReady = false;
  SpaceTimeRenderer m_renderer;
  SpaceTimeGeometry m_geometry;
  AxisMode m_mode = AxisMode::time;
  bool m_legend = true;
  bool m_criticalPath = true;
};

} // namespace collscope::app
