// Big traces: sub-pixel states are bucketed, more messages than pixel columns are drawn as
// density per rank (the same lanes and times busy as the arrows show), zooming in brings every
// arrow back; the critical path stays an overlay, never a flood.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "export/viewexporter.h"
#include "views/spacetimeview.h"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

TEST_CASE("a trace with more messages than pixel columns is drawn as density per rank") {
  const int p = 150; // ring allgather: p (p - 1) = 22350 messages
  const auto doc = apptest::load(test::ring_allgather(p, 8));
  REQUIRE(doc->messageCount() == p * (p - 1));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  SpaceTimeView view(ViewContext{doc.get(), nullptr});
  ViewExporter::renderImage(view, playback, QSize(1600, 900));
  const MessagePaintStats& full = view.renderer().messageStats();
  CHECK(full.visible == static_cast<std::size_t>(doc->messageCount()));
  CHECK(full.density);
  // At most one cell per rank and pixel column, however many messages.
  const auto width = static_cast<std::size_t>(view.geometry().plot().width()) + 1;
  CHECK(full.drawn > 0);
  CHECK(full.drawn <= width * static_cast<std::size_t>(p));

  view.axis(AxisMode::time).setView(test::at(10, 0), test::at(11, 0));
  ViewExporter::renderImage(view, playback, QSize(1600, 900));
  const MessagePaintStats& zoomed = view.renderer().messageStats();
  CHECK_FALSE(zoomed.density);
  CHECK(zoomed.stride == 1);
  CHECK(zoomed.drawn >= static_cast<std::size_t>(p));
  CHECK(zoomed.visible < static_cast<std::size_t>(doc->messageCount()) / 10);
}

namespace {

// 8 ranks; in the first half ranks 0 → 1 exchange `n` messages, in the second half 4 → 5.
test::TraceBuilder twoPairs(int n) {
  test::TraceBuilder b(8);
  for (int i = 0; i < n; ++i) {
    const double t = i * 1e-6;
    b.send(0, t, t + 0.3e-6, 1, 8).recv(1, t, t + 0.5e-6, 0, 8);
    const double u = t + n * 1e-6;
    b.send(4, u, u + 0.3e-6, 5, 8).recv(5, u, u + 0.5e-6, 4, 8);
  }
  for (int r : {2, 3, 6, 7}) b.send(r, 0, 1e-7, r, 0).recv(r, 0, 1e-7, r, 0);
  return b;
}

/// Per rank, the share of pixel columns in [from, to) whose pixel on the lane centre is dark.
double darkShare(const QImage& image, const SpaceTimeGeometry& g, int rank, double from,
                 double to) {
  int dark = 0, all = 0;
  const int y = static_cast<int>(g.laneCenter(rank));
  for (int x = static_cast<int>(from); x < static_cast<int>(to); ++x, ++all)
    dark += apptest::isDark(image.pixelColor(x, y)) ? 1 : 0;
  return all > 0 ? static_cast<double>(dark) / all : 0.0;
}

} // namespace

TEST_CASE("the density shows the lanes and times that hold messages, as the arrows do") {
  const int n = 6000;
  const auto doc = apptest::load(twoPairs(n));
  REQUIRE(doc->messageCount() == 2 * n + 4);
  const MessageDensity& density = doc->density(AxisMode::time);
  CHECK(density.endpoints(0) == static_cast<std::size_t>(n));
  CHECK(density.endpoints(5) == static_cast<std::size_t>(n));
  CHECK(density.endpoints(2) == 2); // its message to itself: both ends
  // Exact counts in any window: the first pair's messages all lie in the first half.
  std::vector<std::uint32_t> halves(2, 0);
  density.count(0, 0.0, n * 1e-6, halves);
  CHECK(halves == std::vector<std::uint32_t>{static_cast<std::uint32_t>(n), 0});

  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  SpaceTimeView view(ViewContext{doc.get(), nullptr});
  view.setCriticalPathVisible(false);
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1600, 900));
  REQUIRE(view.renderer().messageStats().density);
  const SpaceTimeGeometry& g = view.geometry();
  LinearAxis& axis = view.axis(AxisMode::time);
  const double middle = axis.toPixel(n * 1e-6);
  const double left = axis.toPixel(0.0) + 2, right = axis.toPixel(2 * n * 1e-6) - 2;
  for (int rank : {0, 1}) {
    CHECK(darkShare(image, g, rank, left, middle - 2) > 0.9);
    CHECK(darkShare(image, g, rank, middle + 2, right) == 0.0);
  }
  for (int rank : {4, 5}) {
    CHECK(darkShare(image, g, rank, left, middle - 2) == 0.0);
    CHECK(darkShare(image, g, rank, middle + 2, right) > 0.9);
  }
  for (int rank : {3, 6, 7}) CHECK(darkShare(image, g, rank, left, right) == 0.0);

  // Zoomed in to 100 messages of the first pair: arrows, from lane 0 to lane 1 only.
  axis.setView(1000e-6, 1100e-6);
  const QImage zoomed = ViewExporter::renderImage(view, playback, QSize(1600, 900));
  REQUIRE_FALSE(view.renderer().messageStats().density);
  CHECK(view.renderer().messageStats().drawn >= 100);
  const double between = (view.geometry().laneCenter(0) + view.geometry().laneCenter(1)) / 2;
  const double below = (view.geometry().laneCenter(4) + view.geometry().laneCenter(5)) / 2;
  const double x = view.geometry().plot().center().x();
  CHECK(apptest::anyNear(zoomed, QPointF(x, between), 12, apptest::isDark));
  CHECK_FALSE(apptest::anyNear(zoomed, QPointF(x, below), 12, apptest::isDark));
}

TEST_CASE("a small trace is drawn message by message, never as density") {
  const auto doc = apptest::load(test::binomial_gather(8, 4));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  SpaceTimeView view(ViewContext{doc.get(), nullptr});
  ViewExporter::renderImage(view, playback, QSize(1024, 768));
  CHECK_FALSE(view.renderer().messageStats().density);
  CHECK(view.renderer().messageStats().drawn == static_cast<std::size_t>(doc->messageCount()));
}

TEST_CASE("the critical path of a big trace never paints the diagram over") {
  // One run (no algorithm regions) whose critical chain is longer than the budget: a ring
  // allgather's runs through every round.
  const auto doc = apptest::load(test::ring_allgather(280, 8));
  REQUIRE(doc->analyses().criticalChains.size() > SpaceTimeRenderer::criticalBudget);
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  SpaceTimeView view(ViewContext{doc.get(), nullptr});
  ViewExporter::renderImage(view, playback, QSize(1600, 900));
  CHECK(view.renderer().criticalLimited());
  CHECK(view.renderer().criticalShown() > 0);
  CHECK(view.renderer().criticalShown() <= SpaceTimeRenderer::criticalBudget);
  // Zoomed in to a few rounds the whole chain in view is shown.
  view.axis(AxisMode::time).setView(test::at(100, 0), test::at(104, 0));
  ViewExporter::renderImage(view, playback, QSize(1600, 900));
  CHECK_FALSE(view.renderer().criticalLimited());
  CHECK(view.renderer().criticalShown() > 0);
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
