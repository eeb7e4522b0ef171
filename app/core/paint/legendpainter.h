// The legend row under the diagram: one swatch per state the trace actually has (blocked time
// hatched, as the lanes draw it), then the message arrow, a message in flight and the cursor.
// Wraps to more rows on a narrow view.
#pragma once

#include "document/laneintervals.h"
#include "paint/viewstyle.h"

#include <QPainter>
#include <QRectF>
#include <initializer_list>
#include <vector>

namespace collscope::app {

class LegendPainter {
public:
  enum class Symbol { swatch, arrow, networkArrow, dot, cursor, band };
  struct Entry {
    Symbol symbol;
    StateKind kind;
    QString text;
  };
  /// Where each entry goes: its symbol and its text, in rows from the top of the area.
  struct Item {
    QRectF symbol;
    QRectF text;
  };
  struct Layout {
    std::vector<Item> items;
    int rows = 1;
  };

  LegendPainter(QPainter& painter, const ViewStyle& style) : m_painter(painter), m_style(style) {}

  /// `cursor`: whether the cursor and in-flight entries apply (not at the trace's end);
  /// `strips`: whether the lanes are tall enough to show round and phase strips.
  /// `critical`: whether the critical path's band is drawn; `nodes`: whether the lanes are
  /// grouped by node (messages inside a node and between nodes are told apart).
  static std::vector<Entry> entries(const LaneIntervals& lanes, bool cursor, bool strips,
                                    bool critical, bool nodes = false);
  /// The same for several diagrams sharing one legend: every state any of them has.
  static std::vector<Entry> entries(std::initializer_list<const LaneIntervals*> lanes, bool cursor,
                                    bool strips, bool critical, bool nodes = false);
  /// Lays the entries out in as many rows of `area`'s width as they need, in the style's
  /// legend font (never shrunk below it, so it stays legible).
  static Layout layout(const QRectF& area, const std::vector<Entry>& entries,
                       const ViewStyle& style);
  /// The height of `rows` rows of legend, margins included.
  static double height(int rows, const ViewStyle& style);

  void paint(const QRectF& area, const std::vector<Entry>& entries);

private:
  static double symbolWidth(Symbol symbol, double unit, const ViewStyle& style);
  void drawSymbol(const Entry& entry, const QRectF& box) const;

  QPainter& m_painter;
  const ViewStyle& m_style;
};

} // namespace collscope::app
