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

#include <QImage>
#include <QPainter>
#include <cstddef>
#include <vector>

namespace collscope::app {

struct SpaceTimeOptions {
  bool legend = true;
  int selectedMessage = -1;
  int selectedRank = -1;
  bool criticalPath = true;       ///< band under the critical path's messages
  double minimumTextPixels = 0.0; ///< ViewStyle::forSize's floor (slides)
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
  /// Whether the last render limited the critical path (more than criticalBudget chain
  /// messages in view): to the run at the cursor, and at most criticalBudget messages of it
  /// leading to the cursor — a big trace is never painted over.
  bool criticalLimited() const { return m_criticalLimited; }
  static constexpr std::size_t criticalBudget = 256;
  /// Chain messages the last render overlaid.
  std::size_t criticalShown() const { return m_criticalShown; }
  /// TraceClock::progressText of the run at the cursor ("t = 1.23 ms · 2 of 3 rounds
  /// complete"), as every view shows it — also the playback bar's status text.
  static QString cursorText(const Playback& playback);
  /// The line inside the header band that holds the title and the cursor text.
  static QRectF headerLine(const SpaceTimeGeometry& g, const ViewStyle& style);

private:
  void paintLanes(QPainter& painter, const SpaceTimeGeometry& g, const ViewStyle& style,
                  const LinearAxis& axis, const LaneIntervals& lanes);
  std::vector<int> chainsToPaint(const TraceClock& clock, const LinearAxis& axis,
                                 const Playback* playback);
  void paintHeader(QPainter& painter, const SpaceTimeGeometry& g, const ViewStyle& style,
                   const Playback* playback) const;
  void paintRankLabels(QPainter& painter, const SpaceTimeGeometry& g, const ViewStyle& style,
                       int selectedRank) const;
  void paintNodeLabels(QPainter& painter, const SpaceTimeGeometry& g, const ViewStyle& style) const;
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
  bool m_criticalLimited = false;
  std::size_t m_criticalShown = 0;
  /// The lanes of the last raster render and what they were painted for.
  struct LaneCache {
    const LaneIntervals* lanes = nullptr;
    double begin = 0.0;
    double end = 0.0;
    QRectF plot;
    qreal ratio = 0.0;
    double scale = 0.0;
    int rankCount = 0;
    int layoutRevision = 0;
    QImage image;
    int rectangles = 0;
  };
  LaneCache m_laneCache;
};

} // namespace collscope::app
