// Lanes grouped by node: the band geometry follows the layout (pure geometry, no widget), and
// the rendered diagram shades every other node and draws messages between nodes apart.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "collscope/model/nodes.hpp"
#include "export/viewexporter.h"
#include "geometry/spacetimegeometry.h"
#include "views/spacetimeview.h"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

namespace {

const QSize projector(1920, 1080);

SpaceTimeGeometry layout(const model::NodeLayout& nodes) {
  const auto ranks = static_cast<int>(nodes.node_of.size());
  return SpaceTimeGeometry(QRectF(QPointF(0, 0), QSizeF(projector)), ranks,
                           ViewStyle::forSize(projector).spaceTimeMetrics(), 0.0, nodes.node_of);
}

// Every node's band holds exactly its ranks' lanes, in rank order, one band after the other.
void checkBands(const SpaceTimeGeometry& g, const model::NodeLayout& nodes) {
  REQUIRE(g.nodeCount() == nodes.nodes);
  const double h = g.laneHeight();
  double top = g.plot().top();
  for (int n = 0; n < nodes.nodes; ++n) {
    CAPTURE(n);
    const QRectF band = g.nodeBand(n);
    CHECK(band.top() == Approx(top));
    CHECK(band.height() == Approx(nodes.size(n) * h));
    CHECK(band.left() == Approx(g.target().left()));
    CHECK(band.right() == Approx(g.plot().right()));
    CHECK(g.nodeLabel(n).right() <= g.labels().left() + 1e-9);
    int previous = -1;
    for (int rank = 0; rank < static_cast<int>(nodes.node_of.size()); ++rank) {
      if (nodes.node_of[rank] != n) continue;
      const QRectF lane = g.lane(rank);
      CHECK(lane.top() >= band.top() - 1e-9);
      CHECK(lane.bottom() <= band.bottom() + 1e-9);
      CHECK(g.row(rank) > previous); // rank order inside the node
      previous = g.row(rank);
      CHECK(g.rankAt(g.laneCenter(rank)) == rank);
      CHECK(g.nodeOf(rank) == n);
    }
    top = band.bottom();
  }
  CHECK(top == Approx(g.plot().bottom()));
}

} // namespace

TEST_CASE("node bands: one per node, holding its ranks' lanes, for any placement") {
  for (const bool roundRobin : {false, true}) {
    CAPTURE(roundRobin);
    const model::NodeLayout nodes = model::layout_ranks_per_node(12, 4, roundRobin);
    const SpaceTimeGeometry g = layout(nodes);
    checkBands(g, nodes);
    // Round-robin: node 0 holds ranks 0, 3, 6, 9, drawn as its first four lanes.
    if (roundRobin)
      for (int i = 0; i < 4; ++i) CHECK(g.rankAtRow(i) == 3 * i);
    CHECK(g.crossesNodes(0, 1) == roundRobin); // consecutive: both on node 0
    CHECK_FALSE(g.crossesNodes(0, 3));         // on node 0 in both placements
    CHECK(g.crossesNodes(0, 4));
  }
  checkBands(layout(model::layout_node_sizes(8, "3,3,2")), model::layout_node_sizes(8, "3,3,2"));
  checkBands(layout(model::layout_node_sizes(64, "20,1,43")),
             model::layout_node_sizes(64, "20,1,43"));

  // One node, or no layout: lanes in rank order, no bands, no label column.
  for (const model::NodeLayout& flat : {model::one_node(5), model::NodeLayout{}}) {
    const SpaceTimeGeometry g(QRectF(QPointF(0, 0), QSizeF(projector)), 5,
                              ViewStyle::forSize(projector).spaceTimeMetrics(), 0.0, flat.node_of);
    CHECK(g.nodeCount() == 0);
    CHECK(g.labels().left() == Approx(g.target().left()));
    for (int r = 0; r < 5; ++r)
      CHECK(g.lane(r).top() == Approx(g.plot().top() + r * g.laneHeight()));
    CHECK_FALSE(g.crossesNodes(0, 4));
  }
}

TEST_CASE("the diagram shades every other node and draws messages between nodes apart") {
  // Ring allgather on 8 ranks, 2 nodes of 4: 3 → 4 and 7 → 0 cross, the rest stay inside.
  const auto doc = apptest::load(test::ring_allgather(8, 100));
  doc->setNodeLayout(model::layout_ranks_per_node(8, 4));
  Selection selection;
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  SpaceTimeView view{ViewContext{doc.get(), &selection}};
  const QImage image = ViewExporter::renderImage(view, playback, projector);
  const SpaceTimeGeometry& g = view.geometry();
  REQUIRE(g.nodeCount() == 2);
  const ViewStyle style;
  // Right of every bar (the ring ends before the plot does), node 1's band is shaded, node 0's not.
  const QPointF right(g.plot().right() - 3, 0);
  const auto shaded = [&](int rank) {
    const QRectF lane = g.lane(rank);
    return apptest::isNear(image.pixelColor(QPointF(right.x(), lane.top() + 2).toPoint()),
                           style.nodeShade, 6);
  };
  CHECK(shaded(5));
  CHECK_FALSE(shaded(1));
  const auto colourAlong = [&](int sender, int receiver, const QColor& colour) {
    const QLineF line = view.messageLine(apptest::findMessage(*doc, sender, receiver));
    for (double f : {0.3, 0.5, 0.7})
      if (!apptest::anyNear(image, line.pointAt(f), 2,
                            [&](QColor c) { return apptest::isNear(c, colour, 40); }))
        return false;
    return true;
  };
  CHECK(colourAlong(3, 4, style.networkMessage));
  CHECK(colourAlong(7, 0, style.networkMessage));
  CHECK(colourAlong(1, 2, style.message));
  CHECK_FALSE(colourAlong(1, 2, style.networkMessage));
}
