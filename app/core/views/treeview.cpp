#include "views/treeview.h"

#include "paint/viewcolors.h"
#include "paint/viewframe.h"

#include <set>

namespace collscope::app {

void TreeView::render(QPainter& painter, const QRect& target, const Playback& playback) {
  const ViewStyle style = styleFor(target.size());
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
    if (m_scene.panels().size() == 2) {
      // Said of these two trees, not of two-trees in general: the root, and at some p the
      // rank that roots the trees' halves, are inner nodes of both.
      const CommunicationTree& other = m_scene.panels()[1].tree;
      int innerInBoth = 0;
      for (std::size_t r = 0; r < tree.nodes().size() && r < other.nodes().size(); ++r)
        if (!tree.nodes()[r].children.empty() && !other.nodes()[r].children.empty()) ++innerInBoth;
      const QString leaves = innerInBoth == 0
                                 ? QStringLiteral("every rank a leaf in one of them")
                                 : QStringLiteral("%1 of %2 ranks inner in both")
                                       .arg(innerInBoth)
                                       .arg(tree.nodes().size());
      subtitle = QStringLiteral("two trees of depth %1 and %2 · %3 · rounds %4")
                     .arg(tree.depth())
                     .arg(other.depth())
                     .arg(leaves)
                     .arg(instance.annotatedRounds() ? QStringLiteral("as annotated")
                                                     : QStringLiteral("inferred"));
    } else if (tree.phase() == QLatin1String("data"))
      subtitle +=
          QStringLiteral(" · the %1 phase (the other phases exchange sizes)").arg(tree.phase());
    else if (!tree.phase().isEmpty())
      subtitle += QStringLiteral(" · the %1 phase only (the other phases form their own trees)")
                      .arg(tree.phase());
  }
  QRectF area =
      paintViewHeader(painter, target, style, QStringLiteral("Tree · ") + instance.title(),
                      subtitle, instance.progressText(playback));
  if (tree.isTree()) {
    std::vector<LegendEntry> legend;
    if (m_scene.panels().size() == 2) {
      legend = twoTreeLegend();
    } else {
      // The rounds the tree's edges use (not those of a construction phase).
      std::set<int> used;
      for (const InstanceMessage& m : instance.messages())
        if (tree.phase().isEmpty() || m.phase == tree.phase()) used.insert(m.round);
      const int rounds = instance.roundCount();
      for (int r : used)
        if (legend.size() < 16)
          legend.push_back(
              {roundColor(r, rounds), QStringLiteral("round %1").arg(instance.roundLabel(r))});
    }
    legend.push_back({QColor(200, 200, 200), QStringLiteral("not sent yet"), true});
    legend.push_back({palette::withAlpha(palette::skyBlue, 150),
                      QStringLiteral("share of its data a rank holds")});
    area = paintViewLegend(painter, area, style, legend);
  }
  m_scene.paint(painter, area, style, playback, TreeScene::Colouring::arrival, selectedRank(),
                selectedMessage());
}

std::vector<LegendEntry> TreeView::twoTreeLegend() const {
  std::vector<LegendEntry> legend;
  for (const TreePanel& panel : m_scene.panels())
    legend.push_back({panel.tone, panel.tree.phase()});
  // Which round parity each colour took in this run, as the edges show it.
  const CollectiveInstance& instance = m_scene.instance();
  std::set<int> parities[2];
  for (const TreePanel& panel : m_scene.panels())
    for (std::size_t e = 0; e < panel.tree.edges().size(); ++e)
      if (const int c = panel.edgeColour[e]; c >= 0)
        parities[c].insert(instance.roundLabel(panel.tree.edges()[e].round).toInt() % 2);
  const auto name = [&](int c) {
    QString text = QStringLiteral("EdgeColor %1").arg(c);
    if (parities[c].size() == 1)
      text += *parities[c].begin() == 0 ? QStringLiteral(" (even rounds)")
                                        : QStringLiteral(" (odd rounds)");
    return text;
  };
  legend.push_back({palette::vermillion, name(0)});
  legend.push_back({palette::blue, name(1)});
  if (m_scene.relay() >= 0)
    legend.push_back(
        {palette::secondaryInk, QStringLiteral("root → relay %1").arg(m_scene.relay())});
  return legend;
}

QString TreeView::linkAt(const QPointF& point) const {
  return m_scene.offerAt(point) ? QStringLiteral("circulant") : QString();
}

} // namespace collscope::app
