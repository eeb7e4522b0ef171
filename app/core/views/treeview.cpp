#include "views/treeview.h"

#include "paint/viewcolors.h"
#include "paint/viewframe.h"

#include <set>

namespace collscope::app {

void TreeView::render(QPainter& painter, const QRect& target, const Playback& playback) {
  const ViewStyle style = ViewStyle::forSize(target.size());
  m_scene.update(document(), playback);
  const CollectiveInstance& instance = m_scene.instance();
  const CommunicationTree& tree = m_scene.tree();
  QString subtitle = QStringLiteral("the messages of this run form no tree");
  if (tree.isTree()) {
    subtitle = QStringLiteral("tree of depth %1 · %2 · rounds %3")
                   .arg(tree.depth())
                   .arg(tree.upward() ? QStringLiteral("data flows to the root")
                                      : QStringLiteral("data flows from the root"),
                        instance.annotatedRounds() ? QStringLiteral("as annotated")
                                                   : QStringLiteral("inferred"));
    if (!tree.phase().isEmpty())
      subtitle +=
          QStringLiteral(" · the %1 phase (the other phases exchange sizes)").arg(tree.phase());
  }
  QRectF area =
      paintViewHeader(painter, target, style, QStringLiteral("Tree · ") + instance.title(),
                      subtitle, instance.progressText(playback));
  if (tree.isTree()) {
    std::vector<LegendEntry> legend;
    // The rounds the tree's edges use (not those of a construction phase).
    std::set<int> used;
    for (const TreeEdge& edge : tree.edges()) used.insert(edge.round);
    const int rounds = instance.roundCount();
    for (int r : used)
      if (legend.size() < 16)
        legend.push_back(
            {roundColor(r, rounds), QStringLiteral("round %1").arg(instance.roundLabel(r))});
    legend.push_back({QColor(200, 200, 200), QStringLiteral("not sent yet"), true});
    legend.push_back({QColor(86, 180, 233, 150), QStringLiteral("share of its data a rank holds")});
    area = paintViewLegend(painter, area, style, legend);
  }
  m_scene.paint(painter, area, style, playback, TreeScene::Colouring::arrival, selectedRank(),
                selectedMessage());
}

QString TreeView::linkAt(const QPointF& point) const {
  return m_scene.offerAt(point) ? QStringLiteral("circulant") : QString();
}

} // namespace collscope::app
