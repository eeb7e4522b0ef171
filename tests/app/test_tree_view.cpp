// The tree view on real recorded runs: the tree behind the picture (edges, depths, rounds,
// subtree data), the Graphviz layout, playback filling, not-a-tree, hit tests and exports.
#include "app_fixtures.h"
#include "export/viewexporter.h"
#include "views/treeview.h"
#include "views/viewregistry.h"

#include <QDir>
#include <QFile>
#include <catch2/catch.hpp>
#include <map>

using namespace collscope;
using namespace collscope::app;

namespace {

/// Renders once so that the view builds its scene at the playback's cursor.
const TreeScene& renderedScene(TreeView& view, const Playback& playback) {
  (void)ViewExporter::renderImage(view, playback, QSize(1280, 720));
  return view.scene();
}

} // namespace

TEST_CASE("tree view: binomial gather on 7 ranks has the lecture's tree") {
  const auto doc = apptest::recorded("gather_binomial_p7");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  TreeView view(ViewContext{doc.get(), nullptr});
  const TreeScene& scene = renderedScene(view, playback);
  const CommunicationTree& tree = scene.tree();
  REQUIRE(tree.isTree());
  CHECK(tree.root() == 0);
  CHECK(tree.upward());
  CHECK(tree.depth() == 2); // ⌈log₂7⌉ = 3 rounds, but no rank 7 below rank 6
  // Parent, depth and the round of the edge to the parent (annotated rounds count from 0).
  const std::map<int, std::tuple<int, int, int>> expected{{1, {0, 1, 0}}, {2, {0, 1, 1}},
                                                          {3, {2, 2, 0}}, {4, {0, 1, 2}},
                                                          {5, {4, 2, 0}}, {6, {4, 2, 1}}};
  REQUIRE(tree.edges().size() == 6);
  for (const auto& [rank, want] : expected) {
    const TreeNode& node = tree.nodes()[static_cast<std::size_t>(rank)];
    INFO("rank " << rank);
    CHECK(node.parent == std::get<0>(want));
    CHECK(node.depth == std::get<1>(want));
    const TreeEdge& edge = tree.edges()[static_cast<std::size_t>(node.edge)];
    CHECK(scene.instance().roundLabel(edge.round) == QString::number(std::get<2>(want)));
    CHECK(edge.upward);
  }
  CHECK(tree.nodes()[0].children == std::vector<int>{1, 2, 4});
  // Subtree data: 100 ints per rank.
  CHECK(tree.nodes()[4].subtreeBytes == 3 * 400);
  CHECK(tree.nodes()[2].subtreeBytes == 2 * 400);
  CHECK(tree.nodes()[6].ownBytes == 400);
  CHECK(tree.nodes()[0].incomingBytes == 6 * 400);

  // Graphviz: the root on top, every child below its parent, siblings left to right in the
  // order of their rounds.
  const auto& c = scene.layout().centers;
  REQUIRE(c.size() == 7);
  for (int r = 1; r < 7; ++r)
    CHECK(c[static_cast<std::size_t>(r)].y() >
          c[static_cast<std::size_t>(tree.nodes()[r].parent)].y());
  CHECK(c[1].x() < c[2].x());
  CHECK(c[2].x() < c[4].x());
  CHECK(c[5].x() < c[6].x());
}

TEST_CASE("tree view: nodes fill and edges light up as the cursor moves") {
  const auto doc = apptest::recorded("gather_binomial_p7");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  TreeView view(ViewContext{doc.get(), nullptr});
  REQUIRE(playback.setCursorRound(0));
  const TreeScene& scene = renderedScene(view, playback);
  // After round 0 the root holds its own block and rank 1's: 2 of 7 blocks.
  CHECK(scene.fill(0, playback) == Approx(2.0 / 7.0));
  CHECK(scene.fill(4, playback) == Approx(2.0 / 3.0));
  CHECK(scene.fill(6, playback) == Approx(1.0));
  CHECK(scene.instance().currentRound(playback) == 1);
  playback.toEnd();
  CHECK(scene.fill(0, playback) == Approx(1.0));
  CHECK(scene.instance().currentRound(playback) == 3);
}

TEST_CASE("tree view: scatter from root 2 flows away from the root") {
  const auto doc = apptest::recorded("scatter_binomial_p7");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  TreeView view(ViewContext{doc.get(), nullptr});
  const CommunicationTree& tree = renderedScene(view, playback).tree();
  REQUIRE(tree.isTree());
  CHECK(tree.root() == 2);
  CHECK_FALSE(tree.upward());
  CHECK(tree.depth() == 2);
  CHECK(tree.nodes()[2].children.size() == 3);
}

TEST_CASE("tree view: binomial gather on 16 ranks, and clicking a node selects its rank") {
  const auto doc = apptest::recorded("gather_binomial_p16");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  TreeView view(ViewContext{doc.get(), nullptr});
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  CHECK(image.size() == QSize(1920, 1080));
  const CommunicationTree& tree = view.scene().tree();
  REQUIRE(tree.isTree());
  CHECK(tree.depth() == 4);
  CHECK(tree.nodes()[0].children == std::vector<int>{1, 2, 4, 8});
  CHECK(tree.nodes()[8].subtreeBytes == 8 * 4000);
  // The hit test finds rank 15 at its box, nothing in the title's corner.
  int found = 0;
  for (int y = 0; y < 1080; y += 6)
    for (int x = 0; x < 1920; x += 6)
      if (view.rankAt(QPointF(x, y)) == 15) ++found;
  CHECK(found > 0);
  CHECK(view.rankAt(QPointF(2, 2)) == -1);
}

TEST_CASE("tree view: an allgather is not a tree and the view offers the circulant view") {
  const auto doc = apptest::recorded("allgather_dissemination_p7");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  TreeView view(ViewContext{doc.get(), nullptr});
  (void)ViewExporter::renderImage(view, playback, QSize(1280, 720));
  CHECK_FALSE(view.scene().tree().isTree());
  CHECK(view.scene().tree().reason().contains(QStringLiteral("no")));
  bool offered = false;
  for (int y = 0; y < 720 && !offered; y += 4)
    for (int x = 0; x < 1280 && !offered; x += 4)
      offered = view.linkAt(QPointF(x, y)) == QStringLiteral("circulant");
  CHECK(offered);
}

TEST_CASE("tree and delays views export PNG and SVG of the requested size") {
  const auto doc = apptest::recorded("gather_binomial_p8");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  for (const char* name : {"tree", "delays"}) {
    const ViewInfo* info = ViewRegistry::instance().find(QString::fromUtf8(name));
    REQUIRE(info != nullptr);
    const auto view = info->create(ViewContext{doc.get(), nullptr});
    const QImage image = ViewExporter::renderImage(*view, playback, QSize(800, 600));
    CHECK(image.size() == QSize(800, 600));
    int ink = 0;
    for (int y = 0; y < image.height(); y += 3)
      for (int x = 0; x < image.width(); x += 3)
        if (apptest::isDark(image.pixelColor(x, y))) ++ink;
    CHECK(ink > 200);
    const QString svg = QDir::temp().filePath(QStringLiteral("collscope-%1.svg").arg(name));
    CHECK(ViewExporter::exportToFile(*view, playback, svg, QSize(640, 480)).isEmpty());
    QFile file(svg);
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(file.readAll().contains("viewBox=\"0 0 640 480\""));
  }
}

TEST_CASE("tree view: the root's node says (root) for a reduce as for a gather or a scatter") {
  // A reduction's nodes have no data lines under the rank; the root must be named anyway.
  for (const auto& [name, root] : std::map<std::string, int>{
           {"reduce_binomial_p6", 2}, {"gather_binomial_p7", 0}, {"scatter_binomial_p7", 2}}) {
    INFO(name);
    const auto doc = apptest::recorded(name.c_str());
    Playback playback;
    playback.setClock(&doc->clock(AxisMode::time));
    TreeView view(ViewContext{doc.get(), nullptr});
    const QString svg = QDir::temp().filePath(
        QStringLiteral("collscope-root-%1.svg").arg(QString::fromStdString(name)));
    REQUIRE(ViewExporter::exportToFile(view, playback, svg, QSize(1280, 720)).isEmpty());
    REQUIRE(view.scene().tree().isTree());
    CHECK(view.scene().tree().root() == root);
    CHECK(view.scene().rankLabel(root) == QStringLiteral("%1 (root)").arg(root));
    QFile file(svg);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    // Painted once, on the root's node only.
    CHECK(text.count(QStringLiteral(">%1 (root)<").arg(root).toUtf8()) == 1);
    CHECK(text.count("(root)") == 1);
  }
}
