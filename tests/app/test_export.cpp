// PNG and SVG export through the one render path, and `collscope --export` run in-process.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "export/headlessexport.h"
#include "export/viewexporter.h"
#include "views/spacetimeview.h"
#include "views/viewregistry.h"

#include <QFile>
#include <QSvgRenderer>
#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

namespace {

bool hasInk(const QImage& image) {
  for (int y = 0; y < image.height(); y += 4)
    for (int x = 0; x < image.width(); x += 4)
      if (apptest::isDark(image.pixelColor(x, y))) return true;
  return false;
}

struct Exported {
  int status = -1;
  QString out;
  QString err;
};

Exported run(const ExportOptions& options) {
  Exported e;
  QTextStream out(&e.out), err(&e.err);
  e.status = runHeadlessExport(options, out, err);
  out.flush();
  err.flush();
  return e;
}

} // namespace

TEST_CASE("PNG and SVG exports have the requested size and show the diagram") {
  const auto doc = apptest::load(test::binomial_gather(8, 1000));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  SpaceTimeView view(ViewContext{doc.get(), nullptr});
  const test::TempDir dir;
  const QString png = QString::fromStdString((dir / "view.png").string());
  const QString svg = QString::fromStdString((dir / "view.svg").string());
  REQUIRE(ViewExporter::exportToFile(view, playback, png, QSize(1280, 720)).isEmpty());
  REQUIRE(ViewExporter::exportToFile(view, playback, svg, QSize(1280, 720)).isEmpty());
  const QImage image(png);
  CHECK(image.size() == QSize(1280, 720));
  CHECK(hasInk(image));
  QSvgRenderer renderer(svg);
  REQUIRE(renderer.isValid());
  CHECK(renderer.viewBox() == QRect(0, 0, 1280, 720));
  QFile file(svg);
  REQUIRE(file.open(QIODevice::ReadOnly));
  const QByteArray text = file.readAll();
  CHECK(text.contains("rank 7"));
  CHECK(text.contains("gather/binomial"));
  CHECK_FALSE(ViewExporter::exportToFile(view, playback, png + ".bmp", QSize(100, 100)).isEmpty());
  CHECK(ViewExporter::exportToFile(view, playback, QStringLiteral("/nonexistent/dir/x.png"),
                                   QSize(400, 300))
            .startsWith(QStringLiteral("cannot write")));
}

TEST_CASE("collscope --export: one line and a non-zero status for each kind of mistake") {
  const test::TempDir dir;
  const auto trace = test::binomial_gather(8, 1000).write(dir / "trace");
  ExportOptions options;
  options.trace = QString::fromStdString(trace.string());
  options.output = QString::fromStdString((dir / "out.png").string());
  options.size = QSize(800, 450);

  Exported ok = run(options);
  CHECK(ok.status == 0);
  CHECK(ok.out.startsWith(QStringLiteral("wrote ")));
  CHECK(QImage(options.output).size() == QSize(800, 450));

  ExportOptions badTrace = options;
  badTrace.trace = QStringLiteral("/nonexistent/trace");
  Exported e = run(badTrace);
  CHECK(e.status == 2);
  CHECK(e.err == QStringLiteral("collscope: trace not found: /nonexistent/trace\n"));

  ExportOptions badView = options;
  badView.view = QStringLiteral("sunburst");
  e = run(badView);
  CHECK(e.status == 2);
  CHECK(e.err.count(QLatin1Char('\n')) == 1);
  CHECK(e.err.contains(QStringLiteral("known: timeline")));

  ExportOptions badRound = options;
  badRound.round = 7;
  e = run(badRound);
  CHECK(e.status == 2);
  CHECK(e.err == QStringLiteral("collscope: --round 7: the trace has rounds 0..2\n"));

  ExportOptions annotated = options;
  annotated.axis = AxisMode::annotatedRounds;
  annotated.round = 0;
  CHECK(run(annotated).status == 0);

  ExportOptions late = options;
  late.time = 5.0;
  e = run(late);
  CHECK(e.status == 2);
  CHECK(e.err.contains(QStringLiteral("after the trace's end")));
}

TEST_CASE("the view registry offers the timeline by name") {
  const ViewRegistry& registry = ViewRegistry::instance();
  REQUIRE(registry.find(QStringLiteral("timeline")));
  CHECK(registry.names().contains(QStringLiteral("timeline")));
  CHECK_FALSE(registry.find(QStringLiteral("nope")));
  const auto doc = apptest::load(test::binomial_gather(4, 10));
  const auto view = registry.find(QStringLiteral("timeline"))->create({doc.get(), nullptr});
  CHECK(view->name() == QStringLiteral("timeline"));
}
