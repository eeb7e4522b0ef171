// The space-time diagram rendered offscreen from a trace with known geometry, asserted on
// pixels: arrows where the messages are, state colours in the lanes, the veil after the cursor,
// messages in flight, the selection, the round axis.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "export/viewexporter.h"
#include "views/spacetimeview.h"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;
using collscope::test::at;

namespace {

const QSize projector(1920, 1080);

struct Scene {
  std::unique_ptr<TraceDocument> doc = apptest::load(test::binomial_gather(8, 1000));
  Selection selection;
  Playback playback;
  SpaceTimeView view{ViewContext{doc.get(), &selection}};

  explicit Scene(AxisMode mode = AxisMode::time) { playback.setClock(&doc->clock(mode)); }
  QImage render() { return ViewExporter::renderImage(view, playback, projector); }
  QLineF line(int sender, int receiver) const {
    return view.messageLine(apptest::findMessage(*doc, sender, receiver));
  }
  QPointF inBar(int rank, double seconds, bool top = true) const {
    const QRectF bar = view.geometry().band(rank, SpaceTimeGeometry::Band::callBar);
    return {view.geometry().xOf(seconds), top ? bar.top() + 3 : bar.bottom() - 3};
  }
};

bool darkAlong(const QImage& image, const QLineF& line) {
  for (double f : {0.25, 0.4, 0.5, 0.6, 0.75})
    if (!apptest::anyNear(image, line.pointAt(f), 2, apptest::isDark)) return false;
  return true;
}

bool lightAlong(const QImage& image, const QLineF& line) {
  for (double f : {0.25, 0.4, 0.5, 0.6, 0.75})
    if (apptest::anyNear(image, line.pointAt(f), 1, apptest::isDark)) return false;
  return true;
}

} // namespace

TEST_CASE("every message is an arrow in the message colour from sender to receiver") {
  Scene scene;
  const QImage image = scene.render();
  REQUIRE(image.size() == projector);
  const QLineF arrow = scene.line(1, 0);
  CHECK(arrow.p1().y() > arrow.p2().y()); // rank 1's lane lies under rank 0's
  CHECK(darkAlong(image, arrow));
  for (auto [s, r] : {std::pair{3, 2}, {2, 0}, {6, 4}, {4, 0}})
    CHECK(darkAlong(image, scene.line(s, r)));
}

TEST_CASE("lanes show receives, sends and the time blocked before the send started") {
  Scene scene;
  const QImage image = scene.render();
  const auto colorAt = [&](QPointF p) { return image.pixelColor(p.toPoint()); };
  CHECK(apptest::isNear(colorAt(scene.inBar(0, at(0, 4.5))), ViewStyle::color(StateKind::receive)));
  CHECK(apptest::isNear(colorAt(scene.inBar(1, at(0, 3.0), false)),
                        ViewStyle::color(StateKind::send)));
  // Rank 0 entered its receive at 1 µs, rank 1 sent at 2 µs: blocked, shaded with stripes.
  CHECK(apptest::anyNear(image, scene.inBar(0, at(0, 1.5)), 3, [](QColor c) {
    return apptest::isNear(c, ViewStyle::color(StateKind::blocked));
  }));
  // Between calls the lane shows the algorithm region, not a call colour.
  CHECK(apptest::isNear(colorAt(scene.inBar(0, at(0, 7.5))), ViewStyle::color(StateKind::algorithm),
                        12));
}

TEST_CASE("at a cursor, what comes later is dimmed and the cursor is drawn") {
  Scene scene;
  const QImage full = scene.render();
  CHECK(darkAlong(full, scene.line(4, 0)));
  scene.playback.setCursor(at(1, 0));
  const QImage image = scene.render();
  CHECK(darkAlong(image, scene.line(1, 0)));  // delivered before the cursor
  CHECK(lightAlong(image, scene.line(4, 0))); // sent after it: veiled
  CHECK(lightAlong(image, scene.line(2, 0)));
  const QColor later = image.pixelColor(scene.inBar(0, at(2, 4.5)).toPoint());
  CHECK(apptest::isLight(later));
  CHECK_FALSE(apptest::isNear(later, ViewStyle::color(StateKind::receive), 20));
  const double x = scene.view.geometry().xOf(at(1, 0));
  const QRectF plot = scene.view.geometry().plot();
  CHECK(apptest::isDark(image.pixelColor(QPointF(x, plot.center().y()).toPoint())));
}

TEST_CASE("a message in flight at the cursor shows where it is") {
  Scene scene;
  scene.playback.setCursor(at(0, 3.5)); // half way from rank 1's send to rank 0's receive
  const QImage image = scene.render();
  const QPointF head = scene.line(1, 0).pointAt(0.5);
  CHECK(apptest::anyNear(image, head, 3,
                         [](QColor c) { return apptest::isNear(c, ViewStyle().inFlight, 30); }));
  CHECK(apptest::anyNear(image, scene.line(1, 0).pointAt(0.25), 2, apptest::isDark));
}

TEST_CASE("the selected message is highlighted") {
  Scene scene;
  const QPointF mid = [&] {
    scene.render();
    return scene.line(2, 0).pointAt(0.5);
  }();
  const auto highlighted = [](QColor c) { return apptest::isNear(c, ViewStyle().highlight, 30); };
  CHECK_FALSE(apptest::anyNear(scene.render(), mid, 6, highlighted));
  scene.selection.setMessage(apptest::findMessage(*scene.doc, 2, 0));
  CHECK(apptest::anyNear(scene.render(), mid, 6, highlighted));
}

TEST_CASE("hit testing finds the message under the pointer, and the rank") {
  Scene scene;
  scene.render();
  const int m = apptest::findMessage(*scene.doc, 6, 4);
  CHECK(scene.view.messageAt(scene.line(6, 4).pointAt(0.5) + QPointF(0, 3)) == m);
  CHECK(scene.view.messageAt(scene.view.geometry().plot().topLeft() + QPointF(2, 2)) == -1);
  CHECK(scene.view.rankAt(QPointF(10, scene.view.geometry().laneCenter(5))) == 5);
}

TEST_CASE("on the round axis each round is a column and messages cross it") {
  Scene scene(AxisMode::inferredRounds);
  const QImage image = scene.render();
  const SpaceTimeGeometry& g = scene.view.geometry();
  const QLineF arrow = scene.line(2, 0);
  CHECK(arrow.x1() == Approx(g.xOf(1.15)));
  CHECK(arrow.x2() == Approx(g.xOf(1.85)));
  CHECK(darkAlong(image, arrow));
  CHECK(darkAlong(image, scene.line(4, 0)));
  scene.playback.setCursor(2.0);
  const QImage cut = scene.render();
  CHECK(darkAlong(cut, scene.line(2, 0)));
  CHECK(lightAlong(cut, scene.line(4, 0)));
}
