// Paints every rank's lane: shading, algorithm band, round and phase strips, MPI call bars and
// the time blocked in receives. Level of detail: intervals narrower than a pixel are bucketed
// per pixel column (the column takes the colour that covers most of its first few intervals,
// then a binary search jumps to the next column) and equal neighbours are merged into one
// rectangle, so a repaint costs O(pixel columns · log n) per lane and at most a few rectangles
// per pixel column — never one item per event.
#pragma once

#include "document/laneintervals.h"
#include "geometry/spacetimegeometry.h"
#include "paint/viewstyle.h"

#include <QPainter>

namespace collscope::app {

class LanePainter {
public:
  LanePainter(QPainter& painter, const SpaceTimeGeometry& geometry, const ViewStyle& style,
              const LinearAxis& axis)
      : m_painter(painter), m_geometry(geometry), m_style(style), m_axis(axis) {}

  void paint(const LaneIntervals& lanes);
  /// Rectangles filled by the last paint() (the benchmark reports it).
  int rectangles() const { return m_rectangles; }

private:
  enum class Extra { none, roundLabels, hatch };
  void paintNodeBands();
  void paintTrack(const IntervalTrack& track, const QRectF& band, Extra extra);
  void fill(const QRectF& rect, const QColor& color, Extra extra, int label);

  QPainter& m_painter;
  const SpaceTimeGeometry& m_geometry;
  const ViewStyle& m_style;
  const LinearAxis& m_axis;
  int m_rectangles = 0;
};

} // namespace collscope::app
