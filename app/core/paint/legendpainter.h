// The legend row under the diagram: one swatch per state the trace actually has, then the
// message arrow, a message in flight and the cursor. Shrinks its font to fit one row.
#pragma once

#include "document/laneintervals.h"
#include "paint/viewstyle.h"

#include <QPainter>
#include <QRectF>
#include <vector>

namespace collscope::app {

class LegendPainter {
public:
  LegendPainter(QPainter& painter, const ViewStyle& style) : m_painter(painter), m_style(style) {}

  /// `cursor`: whether the cursor and in-flight entries apply (not at the trace's end);
  /// `strips`: whether the lanes are tall enough to show round and phase strips.
  /// `critical`: whether the critical path's band is drawn.
  void paint(const QRectF& area, const LaneIntervals& lanes, bool cursor, bool strips,
             bool critical = false);

private:
  enum class Symbol { swatch, arrow, dot, cursor, band };
  struct Entry {
    Symbol symbol;
    StateKind kind;
    QString text;
  };
  double symbolWidth(Symbol symbol, double unit) const;
  void drawSymbol(const Entry& entry, const QRectF& box) const;

  QPainter& m_painter;
  const ViewStyle& m_style;
};

} // namespace collscope::app
