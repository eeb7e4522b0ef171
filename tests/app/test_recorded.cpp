// Real traces recorded by collscope-run (fixture record_traces.sh), rendered offscreen.
#include "app_fixtures.h"
#include "export/viewexporter.h"
#include "paint/viewstyle.h"
#include "views/spacetimeview.h"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

namespace {

bool darkAlong(const QImage& image, const QLineF& line) {
  for (double f : {0.3, 0.5, 0.7})
    if (!apptest::anyNear(image, line.pointAt(f), 2, apptest::isDark)) return false;
  return true;
}

} // namespace

TEST_CASE("recorded binomial gather on 8 ranks: the arrow from rank 1 to rank 0, dimmed later") {
  const auto doc = apptest::recorded("gather_binomial_p8");
  REQUIRE(doc->rankCount() == 8);
  REQUIRE(doc->messageCount() == 7);
  CHECK(doc->analyses().inferred.rounds == 3);
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  SpaceTimeView view(ViewContext{doc.get(), nullptr});
  const QImage full = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  const int first = apptest::findMessage(*doc, 1, 0);
  const int last = apptest::findMessage(*doc, 4, 0);
  REQUIRE(first >= 0);
  REQUIRE(last >= 0);
  const QLineF arrow = view.messageLine(first);
  CHECK(darkAlong(full, arrow));
  CHECK(darkAlong(full, view.messageLine(last)));

  // On the round axis, with the cursor where round 2 ends, the last message (rank 4 sends its
  // subtree to the root in round 3) lies wholly after the cursor and is veiled; the first is not.
  // (On the time axis the two can be arbitrarily close in a real run.)
  playback.setClock(&doc->clock(AxisMode::inferredRounds));
  playback.setCursor(2.0);
  const QImage cut = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  const QLineF later = view.messageLine(last);
  CHECK(later.x1() - view.geometry().xOf(2.0) > 20);
  for (double f : {0.3, 0.5, 0.7})
    CHECK_FALSE(apptest::anyNear(cut, later.pointAt(f), 1, apptest::isDark));
  CHECK(darkAlong(cut, view.messageLine(first)));
}

TEST_CASE("recorded pipeline broadcast and ring allgather render every message on the round axis") {
  for (const char* name : {"bcast_pipeline_p8", "allgather_ring_p8"}) {
    CAPTURE(name);
    const auto doc = apptest::recorded(name);
    Playback playback;
    playback.setClock(&doc->clock(AxisMode::inferredRounds));
    SpaceTimeView view(ViewContext{doc.get(), nullptr});
    const QImage image = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
    CHECK(view.renderer().messageStats().stride == 1);
    for (int m = 0; m < doc->messageCount(); ++m)
      CHECK(apptest::anyNear(image, view.messageLine(m).pointAt(0.5), 2, apptest::isDark));
  }
  const auto ring = apptest::recorded("allgather_ring_p8");
  CHECK(ring->analyses().inferred.rounds == 7);
}

TEST_CASE("recorded hierarchical allreduce on 3 nodes of 4: its layout, rounds and messages") {
  const auto doc = apptest::recorded("allreduce_hierarchical_3x4");
  REQUIRE(doc->rankCount() == 12);
  // 3 reductions and 3 broadcasts of 3 messages inside the nodes, and the butterfly on the 3
  // leaders: a fold, one exchange, an unfold.
  CHECK(doc->messageCount() == 3 * 3 + 4 + 3 * 3);
  REQUIRE(doc->trace().algorithms.size() == 1);
  const auto& meta = doc->trace().algorithms.front().meta;
  CHECK(meta.at("nodes") == "0,0,0,0,1,1,1,1,2,2,2,2");
  CHECK(meta.at("placement") == "consecutive");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  SpaceTimeView view(ViewContext{doc.get(), nullptr});
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  // Messages inside a node are black, those between nodes the network colour.
  const QColor network = ViewStyle{}.networkMessage;
  const auto drawn = [&](QColor c) { return apptest::isDark(c) || apptest::isNear(c, network); };
  int between = 0;
  for (int m = 0; m < doc->messageCount(); ++m) {
    const QLineF line = view.messageLine(m);
    for (double f : {0.3, 0.5, 0.7}) CHECK(apptest::anyNear(image, line.pointAt(f), 2, drawn));
    if (apptest::anyNear(image, line.pointAt(0.5), 2,
                         [&](QColor c) { return apptest::isNear(c, network); }))
      ++between;
  }
  CHECK(between >= 4); // the butterfly's 4 messages between the leaders (at least)
}
