// The tree of one collective run (gather, scatter, broadcast, reduce, irregular trees), laid
// out by Graphviz: nodes are ranks with their own block and, for gathers and scatters, the
// data of their subtree; edges carry bytes and round, light up in their round and nodes fill
// as data arrives. A two-tree run shows both trees with each edge's EdgeColor colour; pipelined
// trees name the block on each edge. A graph that is no tree (allgather) says so and offers
// the circulant view.
#pragma once

#include "paint/treescene.h"
#include "paint/viewframe.h"
#include "views/traceview.h"

namespace collscope::app {

class TreeView : public TraceView {
public:
  using TraceView::TraceView;
  QString name() const override { return QStringLiteral("tree"); }
  QString title() const override { return QStringLiteral("Tree"); }
  void render(QPainter& painter, const QRect& target, const Playback& playback) override;

  int rankAt(const QPointF& point) const override { return m_scene.rankAt(point); }
  int messageAt(const QPointF& point) const override { return m_scene.messageAt(point); }
  QString linkAt(const QPointF& point) const override;

  /// The scene of the last render (tests read the tree and layout behind the picture).
  const TreeScene& scene() const { return m_scene; }

private:
  /// The trees' colours, the two EdgeColor colours with the round parity each took, the relay.
  std::vector<LegendEntry> twoTreeLegend() const;

  TreeScene m_scene;
};

} // namespace collscope::app
