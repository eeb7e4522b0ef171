// The circulant view on traces recorded by collscope-run (record_traces.sh): chords
// per round for the dissemination and ring allgathers, and what a render shows at the cursor.
#include "app_fixtures.h"
#include "document/circulantmodel.h"
#include "export/viewexporter.h"
#include "paint/viewcolors.h"
#include "views/circulantview.h"

#include <QFileInfo>
#include <catch2/catch.hpp>
#include <set>

using namespace collscope;
using namespace collscope::app;

namespace {

CirculantModel modelOf(const TraceDocument& doc) {
  return CirculantModel::build(CollectiveInstance::build(doc, 0));
}

bool coloured(const QImage& image, QPointF at, const QColor& colour) {
  return apptest::anyNear(image, at, 2,
                          [&colour](QColor c) { return apptest::isNear(c, colour, 45); });
}

} // namespace

TEST_CASE("circulant model: dissemination allgather on 7 ranks, round k is i → i + 2^k") {
  const auto doc = apptest::recorded("allgather_dissemination_p7");
  const CirculantModel model = modelOf(*doc);
  REQUIRE(model.size() == 7);
  REQUIRE(model.roundCount() == 3);
  CHECK(model.chordCount() == 21);
  for (int k = 0; k < 3; ++k) {
    CAPTURE(k);
    const CirculantRound& round = model.round(k);
    CHECK(round.skips == std::vector<int>{1 << k});
    REQUIRE(round.chords.size() == 7);
    std::set<int> senders;
    for (const Chord& chord : round.chords) {
      CHECK(chord.skip == (1 << k));
      CHECK(chord.to == (chord.from + (1 << k)) % 7);
      CHECK(chord.round == k);
      senders.insert(chord.from);
    }
    CHECK(senders.size() == 7);
  }
  CHECK(CirculantModel::skipsText(model.round(2).skips) == QStringLiteral("d = 4"));
  CHECK(CirculantModel::skipsText({1, 2, 4, 8, 16}, 3) == QStringLiteral("d = 1, 2, 4, …"));
}

TEST_CASE("circulant model: Hillis–Steele scan skips 2^k without wrapping, the circulant "
          "allreduce the lecture's n + b") {
  const auto scan = apptest::recorded("scan_hillis-steele_p7");
  const CirculantModel hs = modelOf(*scan);
  REQUIRE(hs.roundCount() == 3);
  for (int k = 0; k < 3; ++k) {
    CAPTURE(k);
    CHECK(hs.round(k).skips == std::vector<int>{1 << k});
    CHECK(hs.round(k).chords.size() == static_cast<std::size_t>(7 - (1 << k))); // i + 2^k < 7
    for (const Chord& chord : hs.round(k).chords) CHECK(chord.to == chord.from + (1 << k));
  }
  CHECK(CirculantModel::skipsText(hs.round(2).skips) == QStringLiteral("d = 4"));
  const auto allreduce = apptest::recorded("allreduce_circulant_p7");
  const CirculantModel circulant = modelOf(*allreduce);
  REQUIRE(circulant.roundCount() == 3);
  const int distance[] = {1, 2, 3}; // seeds/001's table for p = 7
  for (int k = 0; k < 3; ++k) {
    CAPTURE(k);
    CHECK(circulant.round(k).skips == std::vector<int>{distance[k]});
    CHECK(circulant.round(k).chords.size() == 7);
  }
}

TEST_CASE("circulant model: the ring on 8 ranks is 7 rounds of skip 1, p = 32 dissemination 5") {
  const auto ring = apptest::recorded("allgather_ring_p8");
  const CirculantModel model = modelOf(*ring);
  REQUIRE(model.roundCount() == 7);
  for (const CirculantRound& round : model.rounds()) {
    CHECK(round.skips == std::vector<int>{1});
    CHECK(round.chords.size() == 8);
  }
  const auto big = apptest::recorded("allgather_dissemination_p32");
  const CirculantModel wide = modelOf(*big);
  REQUIRE(wide.roundCount() == 5);
  for (int k = 0; k < 5; ++k) {
    CHECK(wide.round(k).skips == std::vector<int>{1 << k});
    CHECK(wide.round(k).chords.size() == 32);
  }
  // A binomial gather's chords go down the circle: 1 → 0 is d = p − 1.
  const auto gather = apptest::recorded("gather_binomial_p7");
  CHECK(modelOf(*gather).round(0).skips == std::vector<int>{6});
}

TEST_CASE("circulant geometry: rank 0 on top, clockwise; chords bend and can be cut") {
  const QPointF c(100, 100);
  CHECK(circlePoint(c, 50, 0, 4).x() == Approx(100));
  CHECK(circlePoint(c, 50, 0, 4).y() == Approx(50));
  CHECK(circlePoint(c, 50, 1, 4).x() == Approx(150));
  const QPolygonF there = chordPath(c, 50, 0, 2, 4, 5);
  const QPolygonF back = chordPath(c, 50, 2, 0, 4, 5);
  REQUIRE(there.size() > 2);
  // Opposite directions bend to opposite sides: i → j and j → i do not coincide.
  CHECK(std::abs(pathMidpoint(there).x() - pathMidpoint(back).x()) > 10);
  CHECK(QLineF(there.front(), circlePoint(c, 50, 0, 4)).length() == Approx(5).margin(0.5));
  CHECK(pathLength(pathPrefix(there, 0.5)) == Approx(pathLength(there) / 2).epsilon(0.02));
  CHECK(distanceToPath(there, pathMidpoint(there)) < 0.5);
  CHECK(chordPath(c, 50, 1, 1, 4, 5).isEmpty());
}

TEST_CASE("circulant view: chords in their round's colour, later rounds absent before the cursor") {
  const auto doc = apptest::recorded("allgather_dissemination_p7");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  CirculantView view(ViewContext{doc.get(), nullptr});

  // Everything delivered: the last round is on top, each chord in its colour at its middle.
  const QImage full = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  REQUIRE(view.instance() != nullptr);
  CHECK(view.instance()->size() == 7);
  for (const Chord& chord : view.model().round(2).chords) {
    const QPolygonF path = view.bigChord(chord.message);
    REQUIRE_FALSE(path.isEmpty());
    CHECK(coloured(full, pathMidpoint(path), roundColor(2, 3)));
    CHECK(view.messageAt(pathMidpoint(path)) == chord.message);
    // Its small circle shows it too.
    CHECK(coloured(full, pathMidpoint(view.smallChord(chord.message)), roundColor(2, 3)));
  }
  for (int r = 0; r < 7; ++r)
    CHECK(view.rankAt(view.nodeCenter(r)) == view.instance()->worldRank(r));
  CHECK(view.rankAt(QPointF(3, 1077)) == -1);

  // After round 1: round 1 bold on top, round 2 not drawn on the big circle at all.
  REQUIRE(playback.setCursorRound(1));
  const QImage cut = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  for (const Chord& chord : view.model().round(1).chords)
    CHECK(coloured(cut, pathMidpoint(view.bigChord(chord.message)), roundColor(1, 3)));
  for (const Chord& chord : view.model().round(2).chords) {
    CHECK(view.bigChord(chord.message).isEmpty());
    CHECK_FALSE(view.smallChord(chord.message).isEmpty()); // ghosted in its small circle
  }
}

TEST_CASE("circulant view: a message in flight is drawn part of the way") {
  const auto doc = apptest::recorded("allgather_ring_p8");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  CirculantView view(ViewContext{doc.get(), nullptr});
  ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  const Chord chord = view.model().round(3).chords.front();
  const double whole = pathLength(view.bigChord(chord.message));
  playback.setCursor((doc->clock(AxisMode::annotatedRounds).messageStart(chord.message) +
                      doc->clock(AxisMode::annotatedRounds).messageEnd(chord.message)) /
                     2);
  REQUIRE(playback.messageState(chord.message) == Playback::MessageState::inFlight);
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  const QPolygonF part = view.bigChord(chord.message);
  CHECK(pathLength(part) == Approx(whole * playback.progress(chord.message)).epsilon(0.05));
  CHECK(coloured(image, part.back(), roundColor(3, 7)));
}

TEST_CASE("circulant view: selection, p = 32 and SVG export") {
  const auto doc = apptest::recorded("allgather_dissemination_p32");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  Selection selection;
  CirculantView view(ViewContext{doc.get(), &selection});
  ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  const Chord chord = view.model().round(4).chords[3];
  selection.setMessage(chord.message);
  selection.setRank(view.instance()->worldRank(5));
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  CHECK(view.messageAt(pathMidpoint(view.bigChord(chord.message))) == chord.message);
  // The selected rank sits on a yellow halo.
  const QPointF node = view.nodeCenter(5);
  bool halo = false;
  for (int dx = -24; dx <= 24 && !halo; dx += 2)
    halo = apptest::isNear(
        image.pixelColor(static_cast<int>(node.x()) + dx, static_cast<int>(node.y())),
        QColor(240, 228, 66), 30);
  CHECK(halo);

  const test::TempDir dir;
  const QString svg = QString::fromStdString((dir / "circulant.svg").string());
  CHECK(ViewExporter::exportToFile(view, playback, svg, QSize(1920, 1080)).isEmpty());
  CHECK(QFileInfo(svg).size() > 1000);
}

TEST_CASE("circulant view: a trace without messages says so") {
  test::TraceBuilder builder(3);
  for (int r = 0; r < 3; ++r) builder.enter(r, 0.001, "MPI_Barrier").leave(r, 0.002, "MPI_Barrier");
  const auto doc = apptest::load(builder);
  CirculantView view(ViewContext{doc.get(), nullptr});
  Playback none; // no clock at all
  const QImage image = ViewExporter::renderImage(view, none, QSize(800, 600));
  CHECK(view.model().chordCount() == 0);
  bool text = false;
  for (int y = 250; y < 400 && !text; ++y)
    for (int x = 100; x < 700 && !text; x += 3) text = apptest::isDark(image.pixelColor(x, y));
  CHECK(text);
  CHECK(view.messageAt(QPointF(400, 300)) == -1);
  CHECK(view.rankAt(QPointF(400, 300)) == -1);
}

TEST_CASE("circulant model: Bruck's alltoall on 6 ranks skips 1, 2, 4, every rank every round") {
  const auto bruck = apptest::recorded("alltoall_bruck_p6");
  const CirculantModel model = modelOf(*bruck);
  REQUIRE(model.roundCount() == 3);
  for (int k = 0; k < 3; ++k) {
    CAPTURE(k);
    CHECK(model.round(k).skips == std::vector<int>{1 << k});
    CHECK(model.round(k).chords.size() == 6);
  }
  CHECK(CirculantModel::skipsText(model.round(2).skips) == QStringLiteral("d = 4"));
}
