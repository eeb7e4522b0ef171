// The data view and its BlockOwnership model on traces recorded by collscope-run
// (record_traces.sh): which origins every rank holds after each round, element ranges of the
// pipelined broadcast, zero-size blocks of gatherv, and what a render shows at the cursor.
#include "app_fixtures.h"
#include "document/blockownership.h"
#include "export/viewexporter.h"
#include "paint/viewcolors.h"
#include "views/dataview.h"

#include <QFileInfo>
#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <sstream>

using namespace collscope;
using namespace collscope::app;

namespace {

struct Model {
  CollectiveInstance instance;
  BlockOwnership ownership;
};

Model modelOf(const TraceDocument& doc) {
  CollectiveInstance instance = CollectiveInstance::build(doc, 0);
  BlockOwnership ownership = BlockOwnership::build(instance, doc.trace());
  return {std::move(instance), std::move(ownership)};
}

/// Origins r, r − 1, …, r − (n − 1) (mod p), ascending.
std::vector<int> lastOrigins(int r, int n, int p) {
  std::vector<int> origins;
  for (int i = 0; i < std::min(n, p); ++i) origins.push_back(((r - i) % p + p) % p);
  std::sort(origins.begin(), origins.end());
  return origins;
}

std::vector<int> all(int p) {
  std::vector<int> origins(static_cast<std::size_t>(p));
  std::iota(origins.begin(), origins.end(), 0);
  return origins;
}

QColor centre(const QImage& image, const QRectF& box) {
  return image.pixelColor(box.center().toPoint());
}

} // namespace

TEST_CASE("block ownership: ring allgather on 8 ranks, after round k rank r holds r … r − k − 1") {
  const auto doc = apptest::recorded("allgather_ring_p8");
  const Model m = modelOf(*doc);
  REQUIRE(m.ownership.hasBlocks());
  REQUIRE(m.instance.roundCount() == 7);
  CHECK(m.ownership.slotOrigins() == all(8));
  for (int r = 0; r < 8; ++r)
    CHECK(m.ownership.originsHeld(m.ownership.initial(), r) == std::vector<int>{r});
  for (int k = 0; k < 7; ++k) {
    const Holdings after = m.ownership.afterRound(k);
    for (int r = 0; r < 8; ++r) {
      CAPTURE(k, r);
      CHECK(m.ownership.originsHeld(after, r) == lastOrigins(r, k + 2, 8));
    }
  }
  CHECK(m.ownership.extent(3) == 1000);
}

TEST_CASE("block ownership: dissemination on 7 ranks doubles what every rank holds") {
  const auto doc = apptest::recorded("allgather_dissemination_p7");
  const Model m = modelOf(*doc);
  REQUIRE(m.instance.roundCount() == 3);
  for (int k = 0; k < 3; ++k) {
    const Holdings after = m.ownership.afterRound(k);
    for (int r = 0; r < 7; ++r) {
      CAPTURE(k, r);
      CHECK(m.ownership.originsHeld(after, r) == lastOrigins(r, 2 << k, 7));
    }
  }
}

TEST_CASE("block ownership: binomial gather on 7 ranks, inner nodes hold their subtrees") {
  const auto doc = apptest::recorded("gather_binomial_p7");
  const Model m = modelOf(*doc);
  REQUIRE(m.instance.root() == 0);
  REQUIRE(m.instance.roundCount() == 3);
  const auto held = [&m](int k, int r) {
    return m.ownership.originsHeld(m.ownership.afterRound(k), r);
  };
  CHECK(held(0, 0) == std::vector<int>{0, 1});
  CHECK(held(0, 2) == std::vector<int>{2, 3});
  CHECK(held(0, 4) == std::vector<int>{4, 5});
  CHECK(held(0, 6) == std::vector<int>{6});
  CHECK(held(1, 0) == std::vector<int>{0, 1, 2, 3});
  CHECK(held(1, 4) == std::vector<int>{4, 5, 6});
  CHECK(held(2, 0) == all(7));
  CHECK(held(2, 5) == std::vector<int>{5}); // a sender keeps its copy
}

TEST_CASE("block ownership: scatter from root 2 starts at the root and ends everywhere") {
  const auto doc = apptest::recorded("scatter_binomial_p7");
  const Model m = modelOf(*doc);
  REQUIRE(m.instance.root() == 2);
  const Holdings start = m.ownership.initial();
  CHECK(m.ownership.originsHeld(start, 2) == all(7));
  for (int r : {0, 1, 3, 4, 5, 6}) CHECK(m.ownership.originsHeld(start, r).empty());
  const Holdings end = m.ownership.afterRound(m.instance.roundCount() - 1);
  for (int r = 0; r < 7; ++r) {
    const std::vector<int> origins = m.ownership.originsHeld(end, r);
    CHECK(std::find(origins.begin(), origins.end(), r) != origins.end());
  }
}

TEST_CASE("block ownership: the pipelined broadcast fills the root's block piece by piece") {
  const auto doc = apptest::recorded("bcast_pipeline_p8");
  const Model m = modelOf(*doc);
  REQUIRE(m.instance.root() == 0);
  CHECK(m.ownership.slotOrigins() == std::vector<int>{0});
  CHECK(m.ownership.extent(0) == 100000);
  const int pieces = std::stoi(m.instance.meta("blocks"));
  const std::vector<std::uint64_t>& cuts = m.ownership.boundaries(0);
  REQUIRE(static_cast<int>(cuts.size()) == pieces + 1);
  REQUIRE(pieces > 1);
  REQUIRE(m.instance.roundCount() == 8 - 1 + pieces - 1);
  // Rank v receives piece b in round v − 1 + b.
  for (int k = 0; k < m.instance.roundCount(); ++k) {
    const Holdings after = m.ownership.afterRound(k);
    for (int r = 1; r < 8; ++r) {
      CAPTURE(k, r);
      const int got = std::clamp(k - r + 2, 0, pieces);
      const std::vector<ElementRange> expected =
          got == 0 ? std::vector<ElementRange>{}
                   : std::vector<ElementRange>{{0, cuts[static_cast<std::size_t>(got)]}};
      CHECK(after.at(r, 0).ranges == expected);
      CHECK(after.holds(r, 0, 100000) == (got == pieces));
    }
    CHECK(after.holds(0, 0, 100000));
  }
}

TEST_CASE("block ownership: gatherv with zero-size blocks takes sizes from counts") {
  const auto doc = apptest::recorded("gatherv_binomial_farthest_p16");
  const Model m = modelOf(*doc);
  REQUIRE(m.instance.size() == 16);
  std::stringstream counts(m.instance.meta("counts"));
  std::string item;
  int zero = 0;
  for (int o = 0; o < 16 && std::getline(counts, item, ','); ++o) {
    CHECK(m.ownership.extent(o) == std::stoull(item));
    zero += item == "0" ? 1 : 0;
  }
  CHECK(zero > 0);
  const Holdings end = m.ownership.afterRound(m.instance.roundCount() - 1);
  CHECK(m.ownership.originsHeld(end, m.instance.root()) == all(16));
}

TEST_CASE("partial sums: Hillis–Steele scan on 7 ranks, after round k rank r holds "
          "B(r − 2^(k+1) + 1) … B(r)") {
  const auto doc = apptest::recorded("scan_hillis-steele_p7");
  const Model m = modelOf(*doc);
  REQUIRE(m.ownership.hasBlocks());
  REQUIRE(m.instance.roundCount() == 3);
  for (int r = 0; r < 7; ++r) {
    CHECK(m.ownership.partialSum(m.ownership.initial(), r) == std::vector<OriginRun>{{r, 1}});
    CHECK(m.ownership.extent(r) == 100);
  }
  for (int k = 0; k < 3; ++k) {
    const Holdings after = m.ownership.afterRound(k);
    for (int r = 0; r < 7; ++r) {
      CAPTURE(k, r);
      const int first = std::max(0, r - (2 << k) + 1);
      CHECK(m.ownership.partialSum(after, r) ==
            std::vector<OriginRun>{{first, r - first + 1, true}});
    }
  }
  const std::vector<OriginRun> rank5 = m.ownership.partialSum(m.ownership.afterRound(1), 5);
  CHECK(BlockOwnership::partialSumText(rank5, 7) == QStringLiteral("B₂..B₅"));
}

TEST_CASE("partial sums: circulant allreduce on 7 ranks keeps S1 = B(r − n) … B(r), n = 1, 3, "
          "6") {
  const auto doc = apptest::recorded("allreduce_circulant_p7");
  const Model m = modelOf(*doc);
  REQUIRE(m.instance.roundCount() == 3);
  const int n[] = {1, 3, 6}; // the lecture's n_j after each round for p − 1 = 110₂
  for (int k = 0; k < 3; ++k) {
    const Holdings after = m.ownership.afterRound(k);
    for (int r = 0; r < 7; ++r) {
      CAPTURE(k, r);
      const int first = k == 2 ? 0 : ((r - n[k]) % 7 + 7) % 7; // all seven: from B₀
      CHECK(m.ownership.partialSum(after, r) == std::vector<OriginRun>{{first, n[k] + 1, true}});
    }
  }
  // Rank 1 after round 1 wraps past rank 6, as the lecture's indices mod p do.
  CHECK(BlockOwnership::partialSumText(m.ownership.partialSum(m.ownership.afterRound(1), 1), 7) ==
        QStringLiteral("B₅..B₁"));
  CHECK(BlockOwnership::partialSumText(m.ownership.partialSum(m.ownership.afterRound(2), 4), 7) ==
        QStringLiteral("B₀..B₆"));
  CHECK(BlockOwnership::partialSumText({{0, 2, true}, {4, 1, true}, {2, 2, false}}, 7) ==
        QStringLiteral("B₀..B₁, B₄ + parts of B₂..B₃"));
  CHECK(BlockOwnership::partialSumText({}, 7) == QStringLiteral("nothing"));
}

TEST_CASE("data view: slots in their origin's colour, empty until delivered; hit tests") {
  const auto doc = apptest::recorded("allgather_ring_p8");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  DataView view(ViewContext{doc.get(), nullptr});
  const QImage full = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  REQUIRE_FALSE(view.showsBytesOnly());
  for (int r = 0; r < 8; ++r)
    for (int o = 0; o < 8; ++o) {
      CAPTURE(r, o);
      const QRectF box = view.slotRect(r, o);
      REQUIRE(box.width() > 20);
      CHECK(apptest::isNear(centre(full, box), originColor(o, 8), 10));
    }
  // Clicking a slot names the message that brought it, a row its rank.
  const int message = view.messageAt(view.slotRect(3, 0).center());
  REQUIRE(message >= 0);
  CHECK(view.instance()->commRank(
            doc->trace().messages[static_cast<std::size_t>(message)].receiver) == 3);
  CHECK(view.messageAt(view.slotRect(3, 3).center()) == -1); // its own block came with no message
  CHECK(view.rankAt(view.slotRect(5, 2).center()) == view.instance()->worldRank(5));

  // The selected rank's row is highlighted (between its slots), the selected message's slots
  // framed in black.
  Selection selection;
  DataView selecting(ViewContext{doc.get(), &selection});
  selection.setRank(view.instance()->worldRank(5));
  selection.setMessage(message);
  const QImage marked = ViewExporter::renderImage(selecting, playback, QSize(1920, 1080));
  const QRectF a = selecting.slotRect(5, 0);
  const QRectF b = selecting.slotRect(5, 1);
  const QPoint between(static_cast<int>((a.right() + b.left()) / 2),
                       static_cast<int>(a.center().y()));
  CHECK(apptest::isNear(marked.pixelColor(between), QColor(240, 228, 66), 20));
  CHECK(
      apptest::isDark(marked.pixelColor(static_cast<int>(selecting.slotRect(3, 0).left()) - 1,
                                        static_cast<int>(selecting.slotRect(3, 0).center().y()))));

  REQUIRE(playback.setCursorRound(2));
  const QImage cut = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  for (int r = 0; r < 8; ++r) {
    CHECK(apptest::isNear(centre(cut, view.slotRect(r, (r + 5) % 8)), originColor((r + 5) % 8, 8),
                          10));
    CHECK(apptest::isNear(centre(cut, view.slotRect(r, (r + 3) % 8)), QColor(232, 232, 232), 6));
  }
}

TEST_CASE("data view: the pipelined broadcast part-filled, gatherv's empty blocks hatched") {
  const auto bcast = apptest::recorded("bcast_pipeline_p8");
  Playback playback;
  playback.setClock(&bcast->clock(AxisMode::annotatedRounds));
  REQUIRE(playback.setCursorRound(4));
  DataView view(ViewContext{bcast.get(), nullptr});
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  // Rank 2 has pieces 0 … 3 after round 4: the left of its slot filled, the right not.
  const QRectF slot = view.slotRect(2, 0);
  REQUIRE(slot.width() > 200);
  const double filled = static_cast<double>(view.holdings().at(2, 0).elements()) / 100000.0;
  REQUIRE(filled > 0.0);
  REQUIRE(filled < 1.0);
  const int y = static_cast<int>(slot.center().y());
  // The middle of its first piece is filled (between the white lines that separate pieces).
  const double piece = static_cast<double>(view.ownership().boundaries(0)[1]) / 100000.0;
  CHECK(
      apptest::isNear(image.pixelColor(static_cast<int>(slot.left() + slot.width() * piece / 2), y),
                      originColor(0, 8), 10));
  CHECK(apptest::isNear(image.pixelColor(static_cast<int>(slot.right() - 3), y),
                        QColor(232, 232, 232), 6));

  const auto gatherv = apptest::recorded("gatherv_binomial_farthest_p16");
  Playback atEnd;
  atEnd.setClock(&gatherv->clock(AxisMode::time));
  DataView data(ViewContext{gatherv.get(), nullptr});
  const QImage hatched = ViewExporter::renderImage(data, atEnd, QSize(1920, 1080));
  int zero = -1;
  int some = -1;
  for (int o = 0; o < 16; ++o) (data.ownership().extent(o) == 0 ? zero : some) = o;
  REQUIRE(zero >= 0);
  REQUIRE(some >= 0);
  // A zero-size block: hatching, so both light and darker pixels in its slot.
  const QRectF empty = data.slotRect(5, zero);
  bool light = false;
  bool line = false;
  for (int x = static_cast<int>(empty.left()) + 2; x < empty.right() - 2; ++x) {
    const QColor c = hatched.pixelColor(x, static_cast<int>(empty.center().y()));
    light = light || apptest::isNear(c, QColor(248, 248, 248), 6);
    line = line || c.lightness() < 215;
  }
  CHECK(light);
  CHECK(line);
  CHECK(apptest::isNear(centre(hatched, data.slotRect(data.instance()->root(), some)),
                        originColor(some, 16), 10));
}

TEST_CASE("data view: without block annotations, bytes per rank, and it says so") {
  test::TraceBuilder builder(3);
  builder.send(0, 0.001, 0.002, 1, 4000).recv(1, 0.001, 0.003, 0, 4000);
  builder.send(1, 0.004, 0.005, 2, 2000).recv(2, 0.004, 0.006, 1, 2000);
  const auto doc = apptest::load(builder);
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  DataView view(ViewContext{doc.get(), nullptr});
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1280, 720));
  REQUIRE(view.showsBytesOnly());
  const QRectF one = view.slotRect(1, 0);
  const QRectF two = view.slotRect(2, 0);
  const int y1 = static_cast<int>(one.center().y());
  CHECK(apptest::isNear(image.pixelColor(static_cast<int>(one.right()) - 3, y1),
                        QColor(0, 114, 178), 10));
  // Rank 2 received half as much: its bar ends halfway.
  const int y2 = static_cast<int>(two.center().y());
  CHECK(apptest::isNear(image.pixelColor(static_cast<int>(two.left() + two.width() * 0.4), y2),
                        QColor(0, 114, 178), 10));
  CHECK(apptest::isNear(image.pixelColor(static_cast<int>(two.left() + two.width() * 0.6), y2),
                        QColor(232, 232, 232), 6));
  CHECK(apptest::isNear(centre(image, view.slotRect(0, 0)), QColor(232, 232, 232), 6));
}

TEST_CASE("data view: a trace without messages says so; SVG export works") {
  test::TraceBuilder builder(2);
  for (int r = 0; r < 2; ++r) builder.enter(r, 0.001, "MPI_Barrier").leave(r, 0.002, "MPI_Barrier");
  const auto doc = apptest::load(builder);
  DataView view(ViewContext{doc.get(), nullptr});
  Playback none;
  const QImage image = ViewExporter::renderImage(view, none, QSize(800, 600));
  bool text = false;
  for (int y = 250; y < 400 && !text; ++y)
    for (int x = 100; x < 700 && !text; x += 3) text = apptest::isDark(image.pixelColor(x, y));
  CHECK(text);
  CHECK(view.rankAt(QPointF(400, 300)) == -1);
  CHECK(view.messageAt(QPointF(400, 300)) == -1);

  const auto ring = apptest::recorded("allgather_ring_p8");
  Playback playback;
  playback.setClock(&ring->clock(AxisMode::time));
  DataView data(ViewContext{ring.get(), nullptr});
  const test::TempDir dir;
  const QString svg = QString::fromStdString((dir / "data.svg").string());
  CHECK(ViewExporter::exportToFile(data, playback, svg, QSize(1920, 1080)).isEmpty());
  CHECK(QFileInfo(svg).size() > 1000);
}

TEST_CASE("data view: the direct alltoall ends as the transpose, one block per origin and round") {
  const auto doc = apptest::recorded("alltoall_direct_p5");
  const Model m = modelOf(*doc);
  REQUIRE(m.ownership.hasBlocks());
  REQUIRE(m.instance.roundCount() == 4);
  for (int r = 0; r < 5; ++r) {
    CAPTURE(r);
    CHECK(m.ownership.originsHeld(m.ownership.initial(), r) == std::vector<int>{r});
    // Round k brings rank r the block of origin r − k − 1 (the one addressed to r).
    for (int k = 0; k < 4; ++k) {
      CAPTURE(k);
      CHECK(m.ownership.originsHeld(m.ownership.afterRound(k), r) == lastOrigins(r, k + 2, 5));
    }
  }
}
