// The tree of one collective run laid out and painted at the playback cursor, shared by the
// tree view (edges light up in their round, nodes fill as data arrives) and the gather-delay
// view (nodes coloured by how long they waited for a child's subtree). Keeps the geometry of
// the last paint for hit tests.
#pragma once

#include "document/communicationtree.h"
#include "geometry/graphvizlayout.h"
#include "paint/viewstyle.h"

#include <QLineF>
#include <QPainter>
#include <QRectF>
#include <vector>

namespace collscope::app {

class TreeScene {
public:
  enum class Colouring { arrival, delays };

  /// Rebuilds instance, tree, waits and layout when the cursor moved to another run.
  void update(const TraceDocument& document, const Playback& playback);

  const CollectiveInstance& instance() const { return m_instance; }
  const CommunicationTree& tree() const { return m_tree; }
  const TreeLayout& layout() const { return m_layout; }
  /// Per comm rank: seconds its receives of this run waited for their senders.
  const std::vector<double>& nodeWait() const { return m_nodeWait; }
  /// Per tree edge: seconds the parent waited for that child's subtree.
  const std::vector<double>& edgeWait() const { return m_edgeWait; }
  double maxWait() const { return m_maxWait; }
  /// Per tree edge: whether one of its messages lies on the run's critical chain.
  const std::vector<bool>& edgeCritical() const { return m_edgeCritical; }
  /// The share of a node's data (own block + what it receives) present at the cursor.
  double fill(int rank, const Playback& playback) const;

  /// Paints the tree (or, if there is none, why not and the offer of the circulant view).
  void paint(QPainter& painter, const QRectF& area, const ViewStyle& style,
             const Playback& playback, Colouring colouring, int selectedRank, int selectedMessage);

  int rankAt(const QPointF& point) const;    ///< world rank
  int messageAt(const QPointF& point) const; ///< first message of the edge under the point
  bool offerAt(const QPointF& point) const;  ///< the "circulant view" button

private:
  void paintNotATree(QPainter& painter, const QRectF& area, const ViewStyle& style);
  void paintEdge(QPainter& painter, int e, const ViewStyle& style, const Playback& playback,
                 Colouring colouring, int selectedMessage) const;
  void paintNode(QPainter& painter, int rank, const ViewStyle& style, const Playback& playback,
                 Colouring colouring, int selectedRank) const;

  const TraceDocument* m_document = nullptr;
  int m_index = -2;
  CollectiveInstance m_instance;
  CommunicationTree m_tree;
  TreeLayout m_layout;
  std::vector<std::vector<InstanceMessage>> m_incoming; ///< per comm rank, of the tree's phase
  std::vector<double> m_nodeWait;
  std::vector<double> m_edgeWait;
  std::vector<bool> m_edgeCritical;
  double m_maxWait = 0.0;

  // Geometry of the last paint.
  std::vector<QRectF> m_nodeRects; ///< per comm rank; empty rect if not drawn
  std::vector<QLineF> m_edgeLines; ///< per tree edge
  QRectF m_offer;
  double m_fontPixels = 12.0;
};

} // namespace collscope::app
