// Two traces (or two calls) side by side, stacked: the same x axis mode, the same range and the
// same scale (pixels per second or per round), so that a call of a user's program and the
// lecture's algorithm recorded with collscope-run at the same p, root and count can be read
// against each other round by round. Not in the registry: the window and `collscope A B`
// build it from two documents.
#pragma once

#include "geometry/roundaxis.h"
#include "geometry/spacetimegeometry.h"
#include "geometry/timeaxis.h"
#include "paint/spacetimerenderer.h"
#include "views/traceview.h"

#include <array>
#include <memory>

namespace collscope::app {

class ComparisonView : public TraceView {
public:
  /// Both documents must outlive the view. `first` is the context's document (export names it).
  ComparisonView(const TraceDocument& first, const TraceDocument& second);

  QString name() const override { return QStringLiteral("compare"); }
  QString title() const override { return QStringLiteral("Side by side"); }
  /// Ignores the playback's cursor (each trace has its own clock): both are drawn whole.
  void render(QPainter& painter, const QRect& target, const Playback& playback) override;

  /// Time, inferred rounds, or annotated rounds when both traces have them (else inferred).
  void setMode(AxisMode mode) { m_mode = mode; }
  AxisMode mode() const;
  const TraceDocument& documentAt(int half) const { return *m_documents[half]; }
  /// The layout and axis of each half at the last render (0 top, 1 bottom).
  const SpaceTimeGeometry& geometry(int half) const { return m_geometry[half]; }
  const LinearAxis& axis(int half) const;

private:
  LinearAxis& axisFor(int half, AxisMode mode);

  std::array<const TraceDocument*, 2> m_documents;
  std::array<std::unique_ptr<SpaceTimeRenderer>, 2> m_renderers;
  std::array<TimeAxis, 2> m_time;
  std::array<RoundAxis, 2> m_rounds;
  std::array<SpaceTimeGeometry, 2> m_geometry;
  AxisMode m_mode = AxisMode::time;
  AxisMode m_rendered = AxisMode::time;
};

} // namespace collscope::app
