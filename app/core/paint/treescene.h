// The tree of one collective run laid out and painted at the playback cursor, shared by the
// tree view (edges light up in their round, nodes fill as data arrives) and the gather-delay
// view (nodes coloured by how long they waited for a child's subtree). A two-tree run is two
// trees, side by side, each edge in its EdgeColor colour; a pipelined tree's edges name the
// block they carry at the cursor. Keeps the geometry of the last paint for hit tests.
#pragma once

#include "document/communicationtree.h"
#include "geometry/graphvizlayout.h"
#include "paint/viewstyle.h"

#include <QColor>
#include <QLineF>
#include <QPainter>
#include <QRectF>
#include <unordered_map>
#include <vector>

namespace collscope::app {

/// One tree of the run and what is drawn of it.
struct TreePanel {
  CommunicationTree tree;
  TreeLayout layout;
  QString heading; ///< "upper tree · blocks 0, 2, 4" for one of several trees, else empty
  QColor tone;     ///< the tree's colour when there are several
  std::vector<std::vector<InstanceMessage>> incoming; ///< per comm rank, of the tree's phase
  std::vector<double> edgeWait;                       ///< per edge: the parent's wait
  std::vector<bool> edgeCritical;                     ///< per edge: on the run's critical chain
  std::vector<int> edgeColour; ///< per edge: EdgeColor 0/1, −1 none (see twotreecolours.h)
  // Geometry of the last paint.
  std::vector<QRectF> nodeRects;  ///< per comm rank; empty rect if not drawn
  std::vector<QLineF> edgeLines;  ///< per tree edge
  std::vector<QRectF> labelRects; ///< per tree edge; empty if its label was not drawn
};

class TreeScene {
public:
  enum class Colouring { arrival, delays };

  /// Rebuilds instance, trees, waits and layouts when the cursor moved to another run.
  void update(const TraceDocument& document, const Playback& playback);

  const CollectiveInstance& instance() const { return m_instance; }
  /// The trees drawn: one, or two for a two-tree run (empty panels() when there is none).
  const std::vector<TreePanel>& panels() const { return m_panels; }
  /// The (first) tree; not a tree when the run's messages form none.
  const CommunicationTree& tree() const { return m_panels.front().tree; }
  const TreeLayout& layout() const { return m_panels.front().layout; }
  /// The relay that feeds both trees of a two-tree run, −1 otherwise.
  int relay() const { return m_relay; }
  /// True when an edge carries several blocks one after another (pipelined trees).
  bool pipelined() const { return m_pipelined; }
  /// Per comm rank: seconds its receives of this run waited for their senders.
  const std::vector<double>& nodeWait() const { return m_nodeWait; }
  /// Per edge of the first tree: seconds the parent waited for that child's subtree.
  const std::vector<double>& edgeWait() const { return m_panels.front().edgeWait; }
  double maxWait() const { return m_maxWait; }
  /// Per edge of the first tree: whether one of its messages lies on the critical chain.
  const std::vector<bool>& edgeCritical() const { return m_panels.front().edgeCritical; }
  /// The share of a node's data (own block + what it receives in that tree) present at the
  /// cursor.
  double fill(int rank, const Playback& playback, int panel = 0) const;
  /// Block index (0 … M − 1, by the elements it covers) of a trace message, −1 if unknown.
  int blockOf(int message) const;
  /// What an edge's label says at the cursor: "r2 · 400 B", or for a pipelined edge the
  /// block it carries ("b3 in r5"), how many it will carry, or carried.
  QString edgeLabel(int panel, int edge, const Playback& playback) const;

  /// Paints the trees (or, if there is none, why not and the offer of the circulant view).
  void paint(QPainter& painter, const QRectF& area, const ViewStyle& style,
             const Playback& playback, Colouring colouring, int selectedRank, int selectedMessage);

  /// What a node of panel `panel` says for comm rank `rank`: "2 (root)" on the tree's root
  /// (gather, bcast, reduce alike), else the rank.
  QString rankLabel(int rank, int panel = 0) const;

  int rankAt(const QPointF& point) const;    ///< world rank
  int messageAt(const QPointF& point) const; ///< first message of the edge under the point
  bool offerAt(const QPointF& point) const;  ///< the "circulant view" button

private:
  void buildPanel(TreePanel& panel, const TraceDocument& document);
  void paintPanel(QPainter& painter, TreePanel& panel, const QRectF& area, const ViewStyle& style,
                  const Playback& playback, Colouring colouring, int selectedRank,
                  int selectedMessage);
  void paintNotATree(QPainter& painter, const QRectF& area, const ViewStyle& style);
  void paintEdge(QPainter& painter, TreePanel& panel, int e, const ViewStyle& style,
                 const Playback& playback, Colouring colouring, int selectedMessage) const;
  /// No box, other edge or label already drawn under `box` (edge `e`'s own line may be).
  static bool labelIsClear(const TreePanel& panel, int e, const QRectF& box);
  void paintNode(QPainter& painter, const TreePanel& panel, int panelIndex, int rank,
                 const ViewStyle& style, const Playback& playback, Colouring colouring,
                 int selectedRank) const;

  const TraceDocument* m_document = nullptr;
  int m_index = -2;
  CollectiveInstance m_instance;
  std::vector<TreePanel> m_panels = std::vector<TreePanel>(1);
  std::vector<double> m_nodeWait;
  double m_maxWait = 0.0;
  int m_relay = -1;
  bool m_pipelined = false;
  std::unordered_map<int, int> m_blockOf; ///< trace message → block index

  QRectF m_offer;
  double m_fontPixels = 12.0;
};

} // namespace collscope::app
