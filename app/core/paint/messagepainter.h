// Paints messages as arrows from send to receive. Level of detail: messages whose arrows fall
// on the same pixels are drawn once; above `headLimit` arrows they become 1-pixel lines whose
// pixels darken with the number of arrows crossing them. Above `densityFrom` messages per pixel
// column no arrow could be told from its neighbours: each rank's lane then shows how many
// messages leave or arrive in each pixel column (MessageDensity, exact counts, darker: more),
// at most one cell per rank and column whatever the trace's size, and the diagram says so —
// zooming in shows every arrow again. (Above `budget` arrows, only on very wide plots, an even
// sample is drawn.)
#pragma once

#include "document/messagedensity.h"
#include "document/playback.h"
#include "geometry/spacetimegeometry.h"
#include "paint/viewstyle.h"

#include <QPainter>
#include <cstddef>
#include <optional>
#include <vector>

namespace collscope::app {

struct MessagePaintStats {
  std::size_t visible = 0; ///< messages overlapping the window
  std::size_t drawn = 0;   ///< arrows actually drawn
  std::size_t stride = 1;  ///< 1: all; k: one in k (sampled)
  bool density = false;    ///< drawn as density per rank; `drawn` counts its cells
};

class MessagePainter {
public:
  static constexpr std::size_t budget = 20000;   ///< arrows per repaint before sampling
  static constexpr std::size_t headLimit = 1000; ///< above this, 1-pixel lines, no heads
  static constexpr double densityFrom = 4.0;     ///< messages per pixel column: density above

  MessagePainter(QPainter& painter, const SpaceTimeGeometry& geometry, const ViewStyle& style,
                 const LinearAxis& axis, const TraceClock& clock, const model::Trace& trace)
      : m_painter(painter), m_geometry(geometry), m_style(style), m_axis(axis), m_clock(clock),
        m_trace(trace) {}

  /// Arrows, or with `density` and more than densityFrom messages per column, the density.
  MessagePaintStats paintArrows(const MessageDensity* density = nullptr);
  /// After the veil: each message in flight at the cursor gets its travelled part redrawn
  /// and a dot where it is now.
  void paintInFlight(const Playback& playback);
  void paintSelected(int message);
  /// A translucent band under each message of the critical path, the arrow redrawn on top.
  void paintCriticalPath(const std::vector<int>& messages);

private:
  std::optional<QLineF> clip(const QLineF& line) const;
  void rasterize(const std::vector<QLineF>& lines);
  /// Paints the density; returns the number of (rank, pixel column) cells that hold messages.
  std::size_t paintDensity(const MessageDensity& density);
  void arrow(const QLineF& line, double width, const QColor& color, bool head);

  QPainter& m_painter;
  const SpaceTimeGeometry& m_geometry;
  const ViewStyle& m_style;
  const LinearAxis& m_axis;
  const TraceClock& m_clock;
  const model::Trace& m_trace;
};

} // namespace collscope::app
