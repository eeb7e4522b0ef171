// The data view of a graded case: the harness's block maps of each rank's receive buffer
// (`received`, and `expected` where MPI's differs) parsed, and drawn beside the blocks the
// messages delivered; and no root named for a collective that has none.
#include "app_fixtures.h"
#include "document/collectiveinstance.h"
#include "document/receivedbuffer.h"
#include "export/viewexporter.h"
#include "paint/viewcolors.h"
#include "views/dataview.h"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

namespace {

using What = ReceivedRun::What;

/// An alltoall of 3 ranks, count 2, graded as case 7: every rank sends its blocks in two rounds,
/// the messages carrying the right origins; rank 0's buffer came out wrong (the second block
/// half written with rank 1's first element, the third not written), rank 1's right, rank 2
/// wrote nothing the harness could map.
test::TraceBuilder gradedAlltoall(const std::string& collective = "alltoall") {
  test::TraceBuilder b(3);
  const std::string region = "algorithm " + collective + "/submission";
  for (int r = 0; r < 3; ++r) {
    test::TraceBuilder::Meta meta{
        {"case", "7"}, {"p", "3"}, {"root", "0"}, {"count", "2"}, {"datatype", "MPI_INT"}};
    if (r == 0) {
      meta["received"] = "0, [1:0 ·], ·";
      meta["expected"] = "0, 1, 2";
    } else if (r == 1) {
      meta["received"] = "0, 1, 2";
    }
    b.enter(r, 0.0, region, meta);
  }
  for (int k = 1; k <= 2; ++k) {
    const double t = 0.001 * k;
    for (int r = 0; r < 3; ++r)
      b.send(r, t, t + 0.0002, (r + k) % 3, 8, 0, 0,
             model::Blocks{static_cast<std::uint32_t>(r), 1, 0, 0});
    for (int r = 0; r < 3; ++r) b.recv(r, t + 0.0001, t + 0.0004, (r + 3 - k) % 3, 8);
  }
  for (int r = 0; r < 3; ++r) b.leave(r, 0.004, region);
  return b;
}

} // namespace

TEST_CASE("received buffers: the harness's block maps parse, bad text does not") {
  const auto plain = ReceivedBuffer::parse("0, 1, 2");
  REQUIRE(plain);
  REQUIRE(plain->blocks.size() == 3);
  CHECK(plain->blocks[2].whole);
  CHECK(plain->blocks[2].origin == 2);
  CHECK_FALSE(plain->cut);

  const auto mixed = ReceivedBuffer::parse("[1:0–4 ·×5], ·, [?×2 3:7] + behind the end: 2:0");
  REQUIRE(mixed);
  REQUIRE(mixed->blocks.size() == 3);
  CHECK(mixed->blocks[0].runs ==
        std::vector<ReceivedRun>{{What::data, 1, 0, 5}, {What::unwritten, -1, 0, 5}});
  CHECK(mixed->blocks[1].runs == std::vector<ReceivedRun>{{What::unwritten, -1, 0, 1}});
  CHECK(mixed->blocks[2].runs ==
        std::vector<ReceivedRun>{{What::foreign, -1, 0, 2}, {What::data, 3, 7, 1}});
  CHECK(mixed->behindEnd == std::vector<ReceivedRun>{{What::data, 2, 0, 1}});
  const auto shares = mixed->blocks[0].shares();
  REQUIRE(shares.size() == 2);
  CHECK(shares[0] == std::pair{1, 0.5});
  CHECK(shares[1] == std::pair{-1, 0.5});

  const auto gatherv = ReceivedBuffer::parse("[], 1 +0:0, 2, …");
  REQUIRE(gatherv);
  CHECK(gatherv->blocks[0].empty);
  CHECK(gatherv->blocks[1].origin == 1);
  CHECK(gatherv->blocks[1].behind == std::vector<ReceivedRun>{{What::data, 0, 0, 1}});
  CHECK(gatherv->cut);

  for (const char* bad : {"", "hello", "[1:x]", "0,1", "[1:4–2]", "·×0", "0, …, 1", "[]]"}) {
    CAPTURE(bad);
    CHECK_FALSE(ReceivedBuffer::parse(bad));
  }
}

TEST_CASE(
    "received buffers: a graded case's instance reads every rank's, and which blocks differ") {
  const auto doc = apptest::load(gradedAlltoall());
  const CollectiveInstance instance = CollectiveInstance::build(*doc, 0);
  const ReceivedBuffers& buffers = instance.received();
  REQUIRE(buffers.any());
  REQUIRE(buffers.received.size() == 3);
  CHECK(buffers.columns() == 3);
  CHECK_FALSE(buffers.wrong(0, 0));
  CHECK(buffers.wrong(0, 1));
  CHECK(buffers.wrong(0, 2));
  CHECK(buffers.wrongBlocks(0) == 2);
  CHECK(buffers.wrongBlocks(1) == 0); // no `expected`: as MPI's
  CHECK_FALSE(buffers.received[2]);
  // An alltoall has no root, whatever its metadata says; a gather keeps its root.
  CHECK(instance.root() == -1);
  CHECK_FALSE(instance.title().contains(QStringLiteral("root")));
  CHECK_FALSE(doc->title().contains(QStringLiteral("root")));
  const auto gather = apptest::load(gradedAlltoall("gather"));
  CHECK(CollectiveInstance::build(*gather, 0).root() == 0);
  CHECK(CollectiveInstance::build(*gather, 0).title().contains(QStringLiteral("root 0")));
}

TEST_CASE("data view: a graded case shows each receive buffer beside the messages, wrong blocks "
          "outlined with MPI's below") {
  const auto doc = apptest::load(gradedAlltoall());
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  DataView view(ViewContext{doc.get(), nullptr});
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  // The messages delivered every block: the left grid is the full transpose.
  for (int r = 0; r < 3; ++r)
    for (int o = 0; o < 3; ++o) {
      CAPTURE(r, o);
      const QRectF slot = view.slotRect(r, o);
      REQUIRE(slot.width() > 20);
      CHECK(apptest::isNear(image.pixelColor(slot.center().toPoint()), originColor(o, 3), 10));
    }
  // The buffers: to the right of the messages' grid.
  const QRectF right = view.receivedRect(1, 0);
  REQUIRE(right.width() > 20);
  CHECK(right.left() > view.slotRect(1, 2).right());
  for (int b = 0; b < 3; ++b)
    CHECK(apptest::isNear(image.pixelColor(view.receivedRect(1, b).center().toPoint()),
                          originColor(b, 3), 10));
  // Rank 0's block 1: rank 1's data on its left half, unwritten on its right, above a strip of
  // what MPI holds there (rank 1's whole block), framed in black.
  const QRectF half = view.receivedRect(0, 1);
  const int y = static_cast<int>(half.top() + half.height() * 0.35);
  CHECK(apptest::isNear(image.pixelColor(static_cast<int>(half.left() + half.width() * 0.25), y),
                        originColor(1, 3), 10));
  CHECK(apptest::isNear(image.pixelColor(static_cast<int>(half.left() + half.width() * 0.75), y),
                        QColor(232, 232, 232), 6));
  const int strip = static_cast<int>(half.bottom() - half.height() * 0.12);
  CHECK(
      apptest::isNear(image.pixelColor(static_cast<int>(half.left() + half.width() * 0.75), strip),
                      originColor(1, 3), 10));
  CHECK(apptest::isDark(image.pixelColor(static_cast<int>(half.left()) + 1, y)));
  // A right block has no frame; a rank without a buffer gets no slots.
  CHECK_FALSE(apptest::isDark(
      image.pixelColor(static_cast<int>(right.left()) + 1, static_cast<int>(right.center().y()))));
  CHECK(apptest::isNear(image.pixelColor(view.receivedRect(2, 0).center().toPoint()),
                        QColor(255, 255, 255), 4));
  CHECK(view.rankAt(view.receivedRect(2, 1).center()) == 2);
}
