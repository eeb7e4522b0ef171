// Gather delays (the lecture's "Problem with static binomial trees": a node waits δ = T_right −
// T_left for a subtree that is not ready). The tree of the run with each node coloured by how
// long its receives waited for their senders, each edge labelled with the wait for that
// child's subtree, the critical path's edges marked; beside it a bar chart of the waiting
// time per rank on the same colour scale.
#pragma once

#include "paint/treescene.h"
#include "views/traceview.h"

#include <QRectF>
#include <vector>

namespace collscope::app {

class DelaysView : public TraceView {
public:
  using TraceView::TraceView;
  QString name() const override { return QStringLiteral("delays"); }
  QString title() const override { return QStringLiteral("Gather delays"); }
  void render(QPainter& painter, const QRect& target, const Playback& playback) override;

  int rankAt(const QPointF& point) const override;
  int messageAt(const QPointF& point) const override { return m_scene.messageAt(point); }

  const TreeScene& scene() const { return m_scene; }

private:
  void paintBars(QPainter& painter, const QRectF& area, const ViewStyle& style);

  TreeScene m_scene;
  std::vector<QRectF> m_bars; ///< per comm rank, the row of its bar
};

} // namespace collscope::app
