// Where the space-time diagram puts things inside a target rectangle: header, rank labels,
// plot, axis and legend bands; one lane per rank; a message as a line between lanes. Pure
// geometry shared by painting and by hit testing (hover, click): it takes the fonts and
// sizes of the style (ViewStyle::spaceTimeMetrics) and positions on the axis, and knows
// neither the trace nor how the clock places messages (paint/messageline.h does). With a node
// layout of more than one node the lanes are grouped by node — node 0's ranks first, each node's in
// rank order — and each node gets a band across the labels and the plot, with its name in a column
// of its own.
#pragma once

#include "geometry/linearaxis.h"

#include <QFont>
#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <optional>
#include <vector>

namespace collscope::app {

/// What the layout takes of the view's style (ViewStyle::spaceTimeMetrics).
struct SpaceTimeMetrics {
  QFont titleFont;
  QFont labelFont;
  QFont tickFont;
  double padding = 12.0;
  double scale = 1.0; ///< 1.0 at 1920×1080 (ViewStyle::scale)
};

class SpaceTimeGeometry {
public:
  enum class Band { roundStrip, phaseStrip, callBar, algorithm };

  SpaceTimeGeometry() = default;
  /// Lays out the bands; the caller then maps the axis onto plot() (setPixelRange).
  /// `legendHeight`: the band the legend needs at the bottom (LegendPainter::height), 0 for none.
  /// `nodeOf`: the node of each rank (model::NodeLayout::node_of); empty or one node: no bands.
  SpaceTimeGeometry(const QRectF& target, int ranks, const SpaceTimeMetrics& style,
                    double legendHeight, const std::vector<int>& nodeOf = {});
  /// The axis mapped onto plot(), for xOf; null until attached.
  void attach(const LinearAxis* axis) { m_axis = axis; }
  const LinearAxis* axis() const { return m_axis; }

  const QRectF& target() const { return m_target; }
  const QRectF& header() const { return m_header; }
  const QRectF& labels() const { return m_labels; }
  const QRectF& plot() const { return m_plot; }
  const QRectF& axisBand() const { return m_axisBand; }
  const QRectF& legend() const { return m_legend; }
  int rankCount() const { return m_ranks; }
  double laneHeight() const { return m_laneHeight; }
  /// Lanes tall enough for the round and phase strips above the call bar.
  bool hasStrips() const;

  /// Nodes with a band of their own: 0 without a layout of two nodes or more.
  int nodeCount() const { return m_nodeCount; }
  /// The node's band: from the node label column to the plot's right, over its lanes.
  QRectF nodeBand(int node) const;
  /// Where the node's name goes, left of its ranks' labels.
  QRectF nodeLabel(int node) const;
  int nodeOf(int rank) const;
  /// Whether a message from `sender` to `receiver` crosses a node boundary.
  bool crossesNodes(int sender, int receiver) const;
  /// The lane's position from the top (= rank without a node layout).
  int row(int rank) const;
  int rankAtRow(int row) const;

  QRectF lane(int rank) const;
  QRectF band(int rank, Band band) const;
  /// y where messages leave and arrive: the middle of the call bar.
  double laneCenter(int rank) const;
  int rankAt(double y) const;

  double xOf(double position) const { return m_axis ? m_axis->toPixel(position) : 0.0; }
  /// A message from `sender` to `receiver` that leaves at `start` and arrives at `end`
  /// (positions on the axis): from the middle of one call bar to the other.
  QLineF messageLine(int sender, int receiver, double start, double end) const {
    return QLineF(xOf(start), laneCenter(sender), xOf(end), laneCenter(receiver));
  }

  /// The part of `line` between x = left and x = right, or nullopt. Painting clips by hand
  /// because QSvgGenerator ignores clip regions.
  static std::optional<QLineF> clipX(const QLineF& line, double left, double right);

private:
  QRectF m_target, m_header, m_labels, m_plot, m_axisBand, m_legend;
  QRectF m_nodeLabels;
  int m_ranks = 0;
  int m_nodeCount = 0;
  std::vector<int> m_nodeOf;    ///< per rank, empty without bands
  std::vector<int> m_row;       ///< per rank
  std::vector<int> m_rankAtRow; ///< per row
  std::vector<int> m_firstRow;  ///< per node, and one past the last row at the end
  double m_laneHeight = 0.0;
  double m_stripThreshold = 40.0;
  const LinearAxis* m_axis = nullptr;
};

} // namespace collscope::app
