// The tree view on pipelined trees: a two-tree broadcast and reduction drawn as two trees whose
// edges carry the lecture's EdgeColor colour (read from the recorded rounds and compared with
// the schedule's own colouring), pipelined edges that name the block they carry, and Jia's
// hypercube broadcast named by dimensions in the circulant view.
#include "app_fixtures.h"
#include "collscope/schedule/two_tree.hpp"
#include "document/circulantmodel.h"
#include "export/viewexporter.h"
#include "views/treeview.h"

#include <QRegularExpression>
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

namespace {

const TreeScene& renderedScene(TreeView& view, const Playback& playback) {
  (void)ViewExporter::renderImage(view, playback, QSize(1600, 900));
  return view.scene();
}

/// Every edge of both trees against schedule::TwoTree: same parent, and the colour the trace's
/// round parities give equals EdgeColor's (the edge into the relay has none).
void checkAgainstSchedule(const TreeScene& scene, int root) {
  const int p = scene.instance().size();
  const schedule::TwoTree two(p);
  const auto vrank = [&](int rank) { return (rank - root + p) % p; };
  const auto rank = [&](int v) { return (v + root) % p; };
  REQUIRE(scene.panels().size() == 2);
  CHECK(scene.relay() == (two.has_relay() ? rank(1) : -1));
  for (int side = 0; side < 2; ++side) {
    const TreePanel& panel = scene.panels()[static_cast<std::size_t>(side)];
    CHECK(panel.tree.phase() ==
          (side == schedule::upper ? QStringLiteral("upper tree") : QStringLiteral("lower tree")));
    CHECK(panel.tree.root() == root);
    int coloured = 0;
    for (std::size_t e = 0; e < panel.tree.edges().size(); ++e) {
      const TreeEdge& edge = panel.tree.edges()[e];
      // A reduction's tree is rooted at the root too: data flows child → parent.
      const int child = edge.child;
      const int parent = edge.parent;
      INFO("p " << p << " side " << side << " edge " << parent << " → " << child);
      const int v = vrank(child);
      if (two.has_relay() && v == 1) {
        CHECK(parent == root);
        CHECK(panel.edgeColour[e] == -1);
        continue;
      }
      REQUIRE(two.in_trees(v));
      CHECK(vrank(parent) == two.parent(v, side));
      CHECK(panel.edgeColour[e] == two.color(v, side));
      ++coloured;
    }
    CHECK(coloured == two.nodes());
  }
  // Every tree process is interior in at most one of the trees.
  for (int v = two.feeder() + 1; v < p; ++v) {
    int interior = 0;
    for (const TreePanel& panel : scene.panels())
      interior += panel.tree.nodes()[static_cast<std::size_t>(rank(v))].children.empty() ? 0 : 1;
    CHECK(interior <= 1);
  }
}

} // namespace

TEST_CASE("tree view: a two-tree broadcast is two trees in EdgeColor colours (p = 7)") {
  const auto doc = apptest::recorded("bcast_two_tree_p7");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  TreeView view(ViewContext{doc.get(), nullptr});
  const TreeScene& scene = renderedScene(view, playback);
  checkAgainstSchedule(scene, 0);
  CHECK(scene.pipelined());
  CHECK(scene.panels()[0].heading == QStringLiteral("upper tree · blocks 0, 2, 4"));
  CHECK(scene.panels()[1].heading == QStringLiteral("lower tree · blocks 1, 3, 5"));
  // Clicking finds ranks in both trees.
  const QRectF upper = scene.panels()[0].nodeRects[1];
  const QRectF lower = scene.panels()[1].nodeRects[1];
  REQUIRE_FALSE(upper.isEmpty());
  REQUIRE_FALSE(lower.isEmpty());
  CHECK(upper.center().x() < lower.center().x());
  CHECK(view.rankAt(upper.center()) == 1);
  CHECK(view.rankAt(lower.center()) == 1);
}

TEST_CASE("tree view: a two-tree with a relay (p = 8, root 3)") {
  const auto doc = apptest::recorded("bcast_two_tree_p8");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  TreeView view(ViewContext{doc.get(), nullptr});
  checkAgainstSchedule(renderedScene(view, playback), 3);
}

TEST_CASE("tree view: the two-tree reduction mirrors the broadcast's colours (p = 7)") {
  const auto doc = apptest::recorded("reduce_two_tree_p7");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  TreeView view(ViewContext{doc.get(), nullptr});
  const TreeScene& scene = renderedScene(view, playback);
  REQUIRE(scene.panels().size() == 2);
  CHECK(scene.tree().upward());
  checkAgainstSchedule(scene, 0);
}

TEST_CASE("tree view: a pipelined binary tree names the block on each edge") {
  const auto doc = apptest::recorded("bcast_binary_pipeline_p7");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  TreeView view(ViewContext{doc.get(), nullptr});
  REQUIRE(playback.setCursorRound(0));
  const TreeScene& scene = renderedScene(view, playback);
  REQUIRE(scene.panels().size() == 1);
  REQUIRE(scene.tree().isTree());
  CHECK(scene.pipelined());
  const int root = scene.tree().root();
  const auto& edges = scene.tree().edges();
  const TreeNode& top = scene.tree().nodes()[static_cast<std::size_t>(root)];
  REQUIRE_FALSE(top.children.empty());
  const int first = scene.tree().nodes()[static_cast<std::size_t>(top.children.front())].edge;
  // Round 0 is over: the root's first edge has carried block 0 of 4.
  CHECK(scene.edgeLabel(0, first, playback) == QStringLiteral("b0 in r0 · 1/4"));
  // Edges every block crosses: each carries all 4 blocks, in block order.
  for (const TreeEdge& edge : edges) {
    REQUIRE(edge.messages.size() == 4);
    for (std::size_t b = 0; b < 4; ++b)
      CHECK(scene.blockOf(edge.messages[b]) == static_cast<int>(b));
  }
  // A leaf's edge has not started yet after round 0.
  int pending = 0;
  for (std::size_t e = 0; e < edges.size(); ++e)
    if (scene.edgeLabel(0, static_cast<int>(e), playback) == QStringLiteral("4 blocks")) ++pending;
  CHECK(pending > 0);
  playback.toEnd();
  const QRegularExpression done(QStringLiteral("^4 blocks · .+"));
  for (std::size_t e = 0; e < edges.size(); ++e)
    CHECK(done.match(scene.edgeLabel(0, static_cast<int>(e), playback)).hasMatch());
}

TEST_CASE("circulant view: Jia's broadcast is named by hypercube dimensions") {
  const auto doc = apptest::recorded("bcast_jia_p8");
  const CollectiveInstance instance = CollectiveInstance::build(*doc, 0);
  const CirculantModel model = CirculantModel::build(instance);
  REQUIRE(model.hypercube());
  // Every chord joins vranks that differ in exactly one of the round's dimensions.
  for (int r = 0; r < model.roundCount(); ++r)
    for (const Chord& chord : model.round(r).chords) {
      const int bit = chord.from ^ chord.to; // root 0: vranks are ranks
      REQUIRE(std::has_single_bit(static_cast<unsigned>(bit)));
      const auto& dims = model.round(r).dimensions;
      CHECK(std::find(dims.begin(), dims.end(), std::countr_zero(static_cast<unsigned>(bit))) !=
            dims.end());
    }
  // The first log₂p rounds spread block 0 along dimensions 0, 1, 2 as in a binomial tree.
  CHECK(model.round(0).dimensions == std::vector<int>{0});
  CHECK(model.roundText(0) == QStringLiteral("dim 0"));
  // A binomial gather mixes no skips: it keeps its circulant caption.
  const auto gather = apptest::recorded("gather_binomial_p16");
  const CirculantModel binomial = CirculantModel::build(CollectiveInstance::build(*gather, 0));
  CHECK_FALSE(binomial.hypercube());
  CHECK(binomial.roundText(0) == CirculantModel::skipsText(binomial.round(0).skips));
}
