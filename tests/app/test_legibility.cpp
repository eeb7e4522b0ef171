// Projector legibility of the space-time diagram from 1024×768 up (and in the narrow view a
// 1024×768 window leaves next to the statistics dock): rank labels of at least 16 px, a title
// that never overlaps the cursor text, a legend that wraps instead of running off the view.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "export/viewexporter.h"
#include "paint/legendpainter.h"
#include "paint/spacetimerenderer.h"
#include "paint/viewframe.h"
#include "views/spacetimeview.h"

#include <QFontInfo>
#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

TEST_CASE("the space-time diagram stays legible and uncluttered from 1024×768 up") {
  const auto doc = apptest::load(test::binomial_gather(16, 1000));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  playback.setCursor(doc->clock(AxisMode::time).begin() +
                     0.6 * (doc->clock(AxisMode::time).end() - doc->clock(AxisMode::time).begin()));
  REQUIRE_FALSE(playback.atEnd());
  const QString state = SpaceTimeRenderer::cursorText(playback);

  // Whole exports, and the views a 1024×768 / 1400×900 window leaves beside the dock.
  for (const QSize size :
       {QSize(1024, 768), QSize(1400, 900), QSize(1920, 1080), QSize(640, 600), QSize(560, 520)}) {
    CAPTURE(size.width(), size.height());
    SpaceTimeView view(ViewContext{doc.get(), nullptr});
    const QImage image = ViewExporter::renderImage(view, playback, size);
    REQUIRE(image.size() == size);
    const ViewStyle style = ViewStyle::forSize(size);
    CHECK(QFontInfo(style.labelFont).pixelSize() >= 16);
    CHECK(QFontInfo(style.legendFont).pixelSize() >= 14);

    const SpaceTimeGeometry& g = view.geometry();
    const QRectF page(QPointF(0, 0), QSizeF(size));
    const TitleLineLayout title =
        layoutTitleLine(SpaceTimeRenderer::headerLine(g, style), style, doc->title(), state);
    CHECK_FALSE(title.titleText.isEmpty());
    CHECK_FALSE(title.stateText.isEmpty());
    CHECK_FALSE(title.title.intersects(title.state));
    CHECK(page.contains(title.title));
    CHECK(page.contains(title.state));
    // The title's and the state's actual text fits the rectangle given to it.
    CHECK(QFontMetricsF(style.titleFont).horizontalAdvance(title.titleText) <=
          title.title.width() + 0.5);
    CHECK(QFontMetricsF(style.labelFont).horizontalAdvance(title.stateText) <=
          title.state.width() + 0.5);

    REQUIRE(g.legend().height() > 0);
    CHECK(page.contains(g.legend()));
    const auto entries =
        LegendPainter::entries(doc->lanes(AxisMode::time), true, g.hasStrips(), true);
    const LegendPainter::Layout legend = LegendPainter::layout(g.legend(), entries, style);
    for (const LegendPainter::Item& item : legend.items) {
      CHECK(g.legend().contains(item.symbol));
      CHECK(g.legend().contains(item.text));
    }
    // Rank labels do not run into the plot.
    CHECK(g.labels().right() <= g.plot().left() + 0.5);
  }
}
