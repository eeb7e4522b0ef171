// Paints the space-time diagram of a TraceDocument with QPainter onto any paint device — the
// widget, a QImage for PNG, a QSvgGenerator for SVG share this one code path.
//
// Order: lanes (states) → arrows → veil after the cursor → messages in flight and the selected
// message → cursor → header, rank labels, axis, legend.
#pragma once

#include "document/playback.h"
#include "document/tracedocument.h"
#include "geometry/spacetimegeometry.h"
#include "paint/lanepainter.h"
#include "paint/messagepainter.h"

#include <QPainter>

namespace collscope::app {

struct SpaceTimeOptions {
  bool legend = true;
  int selectedMessage = -1;
  int selectedRank = -1;
  bool criticalPath = true; ///< band under the critical path's messages
};

class SpaceTimeRenderer {
public:
  explicit SpaceTimeRenderer(const TraceDocument& document) : m_document(document) {}

  /// Lays out `target`, maps `axis` onto its plot and paints. `playback` may be null (no
  /// cursor) and must otherwise run on document.clock(mode). Returns the layout for hit tests.
  SpaceTimeGeometry render(QPainter& painter, const QRectF& target, AxisMode mode, LinearAxis& axis,
                           const Playback* playback, const SpaceTimeOptions& options = {});

  const MessagePaintStats& messageStats() const { return m_messageStats; }
  int laneRectangles() const { return m_laneRectangles; }
  /// "t = 1.23 ms · 2 of 3 rounds complete" — also the widget's status text.
  static QString cursorText(const Playback& playback, AxisMode mode);

private:
  void paintHeader(QPainter& painter, const SpaceTimeGeometry& g, const ViewStyle& style,
                   AxisMode mode, const Playback* playback) const;
  void paintRankLabels(QPainter& painter, const SpaceTimeGeometry& g, const ViewStyle& style,
                       int selectedRank) const;
  void paintGrid(QPainter& painter, const SpaceTimeGeometry& g, const ViewStyle& style,
                 AxisMode mode, const LinearAxis& axis) const;
  void paintAxis(QPainter& painter, const SpaceTimeGeometry& g, const ViewStyle& style,
                 const LinearAxis& axis) const;
  void paintVeil(QPainter& painter, const SpaceTimeGeometry& g, const ViewStyle& style,
                 double cursorX) const;
  void paintSamplingNote(QPainter& painter, const SpaceTimeGeometry& g,
                         const ViewStyle& style) const;

  const TraceDocument& m_document;
  MessagePaintStats m_messageStats;
  int m_laneRectangles = 0;
};

} // namespace collscope::app
