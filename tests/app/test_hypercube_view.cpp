// The hypercube view without MPI: the cube's geometry for p = 2 … 32, butterfly traces built
// round by round (every message on a cube edge, dimension k in round k), a broadcast from
// root 3 (vertices shifted to the root), messages off the edges counted, the circulant fallback
// for p not a power of two, the registry, hit tests and PNG export.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "document/circulantmodel.h"
#include "document/hypercubemodel.h"
#include "export/viewexporter.h"
#include "paint/viewcolors.h"
#include "views/hypercubeview.h"
#include "views/viewregistry.h"

#include <QFileInfo>
#include <QImage>
#include <QLineF>
#include <bit>
#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

namespace {

/// A butterfly (recursive doubling) allreduce as collscope's recorder writes it: in round k
/// every rank exchanges with rank XOR 2^k (Sendrecv), annotated with its algorithm and rounds.
test::TraceBuilder butterfly(int p) {
  test::TraceBuilder b(p);
  const std::string name = "algorithm allreduce/butterfly";
  for (int r = 0; r < p; ++r)
    b.enter(r, 0.0, name,
            {{"collective", "allreduce"},
             {"algorithm", "butterfly"},
             {"count", "1"},
             {"datatype", "MPI_BYTE"}});
  for (int k = 0; (1 << k) < p; ++k)
    for (int r = 0; r < p; ++r) {
      const std::string round = "round " + std::to_string(k);
      b.enter(r, test::at(k, 0.5), round);
      b.sendrecv(r, test::at(k, 1), test::at(k, 5), r ^ (1 << k), 400, r ^ (1 << k), 400);
      b.leave(r, test::at(k, 9), round);
    }
  const int rounds = std::countr_zero(static_cast<unsigned>(p));
  for (int r = 0; r < p; ++r) b.leave(r, test::at(rounds, 0), name);
  return b;
}

double distanceToSegment(QPointF point, QPointF a, QPointF b) {
  return distanceToPath(QPolygonF{a, b}, point);
}

bool coloured(const QImage& image, QPointF at, const QColor& colour) {
  return apptest::anyNear(image, at, 2,
                          [&colour](QColor c) { return apptest::isNear(c, colour, 45); });
}

} // namespace

TEST_CASE("hypercube layout: p = 2, 4, 8, 16, 32 — a d-cube, every edge of dimension k the same "
          "vector, no vertex on an edge it is not on") {
  const QRectF area(100, 50, 900, 600);
  CHECK(hypercubeLayout(0, area).vertices.size() == 1);
  CHECK(hypercubeLayout(HypercubeModel::maxDimension + 1, area).vertices.empty());
  const double clearance[] = {0, 0, 0.99, 0.39, 0.23, 0.18}; // in units, by d
  for (int d = 1; d <= HypercubeModel::maxDimension; ++d) {
    CAPTURE(d);
    const CubeLayout layout = hypercubeLayout(d, area);
    const int p = 1 << d;
    REQUIRE(static_cast<int>(layout.vertices.size()) == p);
    REQUIRE(layout.unit > 20);
    double left = 1e9, right = -1e9, top = 1e9, bottom = -1e9;
    for (const QPointF& v : layout.vertices) {
      CHECK(area.adjusted(-0.01, -0.01, 0.01, 0.01).contains(v));
      left = std::min(left, v.x());
      right = std::max(right, v.x());
      top = std::min(top, v.y());
      bottom = std::max(bottom, v.y());
    }
    const QRectF bounds(QPointF(left, top), QPointF(right, bottom));
    // Fitted: it reaches across the area's width or its height (or a square's room for d = 1).
    CHECK((bounds.width() >= area.width() - 1 || bounds.height() >= area.height() - 1 ||
           (d == 1 && std::abs(bounds.width() - layout.unit) < 1e-6)));
    for (int k = 0; k < d; ++k) {
      const QPointF edge = hypercubeDirection(k) * layout.unit;
      for (int v = 0; v < p; ++v) {
        if (v >> k & 1) continue;
        const QPointF moved = layout.vertices[static_cast<std::size_t>(v | 1 << k)] -
                              layout.vertices[static_cast<std::size_t>(v)];
        CHECK(moved.x() == Approx(edge.x()).margin(1e-6));
        CHECK(moved.y() == Approx(edge.y()).margin(1e-6));
      }
    }
    for (int v = 0; v < p; ++v)
      for (int u = 0; u < p; ++u) {
        if (u != v)
          CHECK(QLineF(layout.vertices[static_cast<std::size_t>(u)],
                       layout.vertices[static_cast<std::size_t>(v)])
                    .length() > 0.3 * layout.unit);
        for (int k = 0; k < d; ++k) {
          const int w = u ^ (1 << k);
          if (w < u || v == u || v == w) continue;
          CHECK(distanceToSegment(layout.vertices[static_cast<std::size_t>(v)],
                                  layout.vertices[static_cast<std::size_t>(u)],
                                  layout.vertices[static_cast<std::size_t>(w)]) >=
                clearance[d] * layout.unit);
        }
      }
  }
  // The lecture's pictures: 0 – 1 across, 0 – 2 down, a square, then a cube (two squares).
  const CubeLayout square = hypercubeLayout(2, QRectF(0, 0, 100, 100));
  CHECK(square.vertices[1].y() == Approx(square.vertices[0].y()));
  CHECK(square.vertices[1].x() - square.vertices[0].x() == Approx(100));
  CHECK(square.vertices[2].x() == Approx(square.vertices[0].x()));
  CHECK(square.vertices[3].x() == Approx(square.vertices[1].x()));
  CHECK(square.vertices[3].y() == Approx(square.vertices[2].y()));
  const CubeLayout line = hypercubeLayout(1, QRectF(0, 0, 300, 100));
  CHECK(line.vertices[0].y() == Approx(line.vertices[1].y()));
}

TEST_CASE("hypercube model: binary names and cube edges") {
  CHECK(HypercubeModel::binary(5, 4) == QStringLiteral("0101"));
  CHECK(HypercubeModel::binary(0, 1) == QStringLiteral("0"));
  CHECK(HypercubeModel::binary(31, 5) == QStringLiteral("11111"));
  CHECK(HypercubeModel::edgeDimension(6, 2) == 2);
  CHECK(HypercubeModel::edgeDimension(3, 0) == -1);
  CHECK(HypercubeModel::edgeDimension(4, 4) == -1);
}

TEST_CASE("hypercube model: a butterfly on p = 2, 4, 8, 16 — every message a cube edge, "
          "dimension k in round k") {
  for (const int p : {2, 4, 8, 16}) {
    CAPTURE(p);
    const auto doc = apptest::load(butterfly(p));
    const HypercubeModel model = HypercubeModel::build(CollectiveInstance::build(*doc, 0));
    const int d = std::countr_zero(static_cast<unsigned>(p));
    REQUIRE(model.drawable());
    CHECK(model.dimension() == d);
    CHECK_FALSE(model.shifted());
    REQUIRE(model.roundCount() == d);
    CHECK(model.messageCount() == p * d);
    CHECK(model.offEdgeCount() == 0);
    for (int k = 0; k < d; ++k) {
      CAPTURE(k);
      CHECK(model.round(k).dimensions == std::vector<int>{k});
      CHECK(model.round(k).messages.size() == static_cast<std::size_t>(p));
      CHECK(model.roundText(k) == QStringLiteral("dim %1").arg(k));
      for (const CubeMessage& m : model.round(k).messages) {
        CHECK(m.dimension == k);
        CHECK((model.vertexOf(m.from) ^ model.vertexOf(m.to)) == (1 << k));
      }
    }
  }
}

TEST_CASE("hypercube model: a broadcast from root 3 is drawn on ranks shifted to the root, "
          "messages off the edges are counted") {
  test::TraceBuilder bcast(8);
  test::hand_binomial_bcast(bcast, 8, 3, 0.0, 400);
  const auto doc = apptest::load(bcast);
  const CollectiveInstance instance = CollectiveInstance::build(*doc, -1);
  const HypercubeModel model = HypercubeModel::build(instance);
  // Without a root in the trace (hand-written) the ranks are the vertices: rank r at r. Count
  // what is on an edge by hand: vrank v < 2^k sends to v + 2^k, ranks (v + 3) mod 8.
  int onEdges = 0;
  for (int k = 0; k < 3; ++k)
    for (int v = 0; v < (1 << k); ++v)
      onEdges +=
          std::has_single_bit(static_cast<unsigned>(((v + 3) % 8) ^ ((v + (1 << k) + 3) % 8)));
  CHECK(model.messageCount() == 7);
  CHECK(model.offEdgeCount() == 7 - onEdges);
  CHECK(model.offEdgeCount() > 0);

  // The same broadcast as the algorithms record it, root 3 in the metadata: vertices shifted.
  test::TraceBuilder annotated(8);
  for (int r = 0; r < 8; ++r)
    annotated.enter(r, 0.0, "algorithm bcast/binomial",
                    {{"collective", "bcast"},
                     {"algorithm", "binomial"},
                     {"root", "3"},
                     {"count", "1"},
                     {"datatype", "MPI_BYTE"}});
  for (int k = 0; k < 3; ++k)
    for (int v = 0; v < (1 << k); ++v) {
      const int from = (v + 3) % 8, to = (v + (1 << k) + 3) % 8;
      annotated.send(from, test::at(k, 2), test::at(k, 4), to, 400);
      annotated.recv(to, test::at(k, 1), test::at(k, 5), from, 400);
    }
  for (int r = 0; r < 8; ++r) annotated.leave(r, test::at(3, 0), "algorithm bcast/binomial");
  const auto rooted = apptest::load(annotated);
  const HypercubeModel shifted = HypercubeModel::build(CollectiveInstance::build(*rooted, 0));
  CHECK(shifted.shifted());
  CHECK(shifted.offEdgeCount() == 0);
  CHECK(shifted.vertexOf(3) == 0);
  CHECK(shifted.rankOf(5) == 0);
  for (int k = 0; k < shifted.roundCount(); ++k)
    CHECK(shifted.round(k).dimensions == std::vector<int>{k});

  // Dissemination on 8 ranks: i → i + 2^k is an edge only when no carry happens.
  const auto dissemination = apptest::load(test::dissemination_allgather(8, 10));
  const HypercubeModel chords =
      HypercubeModel::build(CollectiveInstance::build(*dissemination, -1));
  int off = 0;
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 8; ++i)
      off += !std::has_single_bit(static_cast<unsigned>(i ^ ((i + (1 << k)) % 8)));
  CHECK(chords.offEdgeCount() == off);
  CHECK(chords.roundText(2) == QStringLiteral("dim 2")); // + 4 flips bit 2, no carry mod 8
  CHECK(chords.roundText(1).contains(QStringLiteral("off edges")));
}

TEST_CASE("hypercube view: messages on their edges in their round's colour, stepping by rounds") {
  const auto doc = apptest::load(butterfly(8));
  REQUIRE(ViewRegistry::instance().find(QStringLiteral("hypercube")) != nullptr);
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  HypercubeView view(ViewContext{doc.get(), nullptr});
  const QImage full = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  REQUIRE(view.instance() != nullptr);
  REQUIRE_FALSE(view.fellBack());
  for (int r = 0; r < 8; ++r) {
    CHECK(view.rankAt(view.vertexCenter(r)) == r);
    CHECK_FALSE(view.binaryLabel(r).isEmpty());
  }
  for (int k = 0; k < 3; ++k)
    for (const CubeMessage& m : view.model().round(k).messages) {
      const QPolygonF path = view.bigPath(m.message);
      REQUIRE_FALSE(path.isEmpty());
      // Along the edge from → to: the path's ends lie by the edge, parallel to it.
      const QPointF a = view.vertexCenter(m.from), b = view.vertexCenter(m.to);
      CHECK(distanceToSegment(path.front(), a, b) < 20);
      CHECK(distanceToSegment(path.back(), a, b) < 20);
      const QPointF along = path.back() - path.front(), edge = b - a;
      CHECK(QPointF::dotProduct(along, edge) > 0); // from the sender to the receiver
      CHECK(std::abs(along.x() * edge.y() - along.y() * edge.x()) /
                (QLineF(a, b).length() * pathLength(path)) <
            1e-3); // parallel
      const QPointF middle = pathMidpoint(path);
      if (k == 2) CHECK(coloured(full, middle, roundColor(2, 3))); // the last round is on top
      CHECK(view.messageAt(middle) == m.message);
      CHECK_FALSE(view.smallPath(m.message).isEmpty());
    }

  // After round 0: round 0 bold on the big cube, rounds 1 and 2 only ghosted in their cubes.
  REQUIRE(playback.setCursorRound(0));
  const QImage cut = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  for (const CubeMessage& m : view.model().round(0).messages)
    CHECK(coloured(cut, pathMidpoint(view.bigPath(m.message)), roundColor(0, 3)));
  for (int k = 1; k < 3; ++k)
    for (const CubeMessage& m : view.model().round(k).messages) {
      CHECK(view.bigPath(m.message).isEmpty());
      CHECK_FALSE(view.smallPath(m.message).isEmpty());
    }
}

TEST_CASE("hypercube view: p not a power of two falls back to the circulant drawing and says so, "
          "PNG export") {
  const auto ring = apptest::load(test::ring_allgather(6, 10));
  Playback playback;
  playback.setClock(&ring->clock(AxisMode::inferredRounds));
  HypercubeView view(ViewContext{ring.get(), nullptr});
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1280, 720));
  CHECK(view.fellBack());
  CHECK(view.fallbackNote().contains(QStringLiteral("p = 6 is not a power of two")));
  CHECK(view.rankAt(QPointF(-50, -50)) == -1);
  // The note is written in the band at the bottom.
  bool text = false;
  for (int y = 690; y < 720 && !text; ++y)
    for (int x = 300; x < 980 && !text; x += 2) text = apptest::isDark(image.pixelColor(x, y));
  CHECK(text);

  const auto doc = apptest::load(butterfly(16));
  Playback end;
  end.setClock(&doc->clock(AxisMode::annotatedRounds));
  HypercubeView cube(ViewContext{doc.get(), nullptr});
  const test::TempDir dir;
  const QString png = QString::fromStdString((dir / "hypercube.png").string());
  CHECK(ViewExporter::exportToFile(cube, end, png, QSize(1920, 1080)).isEmpty());
  CHECK(QFileInfo(png).size() > 10000);
  const QImage written(png);
  REQUIRE(written.size() == QSize(1920, 1080));
  // Every round's colour is on the page.
  for (int k = 0; k < 4; ++k) {
    const QPolygonF path = cube.bigPath(cube.model().round(k).messages.front().message);
    REQUIRE_FALSE(path.isEmpty());
    CHECK(coloured(written, pathMidpoint(path), roundColor(k, 4)));
  }
}
