// Big traces: sub-pixel states are bucketed, arrows above the budget are sampled (and said
// so), zooming in brings every arrow back.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "export/viewexporter.h"
#include "views/spacetimeview.h"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

TEST_CASE("a trace with more messages than the budget is drawn by level of detail") {
  const int p = 150; // ring allgather: p (p - 1) = 22350 messages
  const auto doc = apptest::load(test::ring_allgather(p, 8));
  REQUIRE(doc->messageCount() == p * (p - 1));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  SpaceTimeView view(ViewContext{doc.get(), nullptr});
  ViewExporter::renderImage(view, playback, QSize(1600, 900));
  const MessagePaintStats& full = view.renderer().messageStats();
  CHECK(full.visible == static_cast<std::size_t>(doc->messageCount()));
  CHECK(full.stride >= 2);
  CHECK(full.drawn <= MessagePainter::budget);

  view.axis(AxisMode::time).setView(test::at(10, 0), test::at(11, 0));
  ViewExporter::renderImage(view, playback, QSize(1600, 900));
  const MessagePaintStats& zoomed = view.renderer().messageStats();
  CHECK(zoomed.stride == 1);
  CHECK(zoomed.drawn >= static_cast<std::size_t>(p));
  CHECK(zoomed.visible < static_cast<std::size_t>(doc->messageCount()) / 10);
}

TEST_CASE("states narrower than a pixel are bucketed per pixel column and merged") {
  const int blocks = 4000; // ~4000 calls per lane, ~1400 pixel columns
  const auto doc = apptest::load(test::pipeline_bcast(4, blocks, 8));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  SpaceTimeView view(ViewContext{doc.get(), nullptr});
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1600, 900));
  const int calls = 4 * blocks;
  CHECK(view.renderer().laneRectangles() < calls / 4);
  CHECK(view.renderer().laneRectangles() <=
        2 * 4 * static_cast<int>(view.geometry().plot().width()));
  // The lanes still show their calls through the arrows.
  const QRectF bar = view.geometry().band(2, SpaceTimeGeometry::Band::callBar);
  const QColor middle =
      image.pixelColor(QPointF(view.geometry().plot().center().x(), bar.top() + 2).toPoint());
  CAPTURE(middle.name().toStdString());
  CHECK(middle.green() > middle.red() + 40); // sendrecv green under a haze of arrows
  CHECK_FALSE(apptest::isDark(middle));
}

TEST_CASE("clipping a line to the plot keeps the part inside") {
  const auto clipped = SpaceTimeGeometry::clipX(QLineF(0, 0, 100, 100), 25, 50);
  REQUIRE(clipped);
  CHECK(clipped->x1() == Approx(25));
  CHECK(clipped->y1() == Approx(25));
  CHECK(clipped->x2() == Approx(50));
  CHECK_FALSE(SpaceTimeGeometry::clipX(QLineF(0, 0, 10, 10), 20, 30));
  CHECK(SpaceTimeGeometry::clipX(QLineF(5, 0, 5, 10), 0, 10));
}
