// Every text of a slide — the Markdown, the footer and every label inside a scene's figure —
// comes out at 20 px or more on the 768 px high canvas — 2.6 % of the slide's height on any
// screen, what reads from the back of a lecture hall —, 16:9 and 4:3; and a scene's labels do not
// pile onto each other (the views drop or thin them instead). Measured exactly: a paint device that
// records each text's font size on the device.
#include "algorithm_traces.hpp"
#include "paint/viewframe.h"
#include "slides/deck.h"
#include "slides/scenelibrary.h"
#include "slides/slidepainter.h"
#include "text_probe.h"

#include <QFontMetricsF>
#include <QPainter>
#include <catch2/catch.hpp>
#include <cmath>

using namespace collscope;
using namespace collscope::app::slides;

namespace {

struct Page {
  std::vector<test::ProbedText> texts; ///< sizes and boxes in canvas pixels
  SlideLayout layout;
};

/// The slide painted on a `screen` (the canvas's own size by default), its texts measured there
/// and given back relative to the canvas: a text floor is a share of the slide's height.
Page probe(SceneLibrary& library, DeckPosition at, QSize screen = {}) {
  SlidePainter painter(library);
  if (screen.isEmpty())
    screen = QSize(qRound(painter.canvasWidth()), qRound(SlidePainter::canvasHeight));
  test::TextProbe device(screen.width(), screen.height());
  QPainter p(&device);
  const QRectF target(QPointF(0, 0), QSizeF(screen));
  painter.paint(p, target, at);
  p.end();
  const QRectF canvas = painter.canvasRect(target);
  const double scale = canvas.height() / SlidePainter::canvasHeight;
  std::vector<test::ProbedText> texts = device.texts();
  for (test::ProbedText& t : texts) {
    t.pixels /= scale;
    t.box = QRectF((t.box.topLeft() - canvas.topLeft()) / scale, t.box.size() / scale);
  }
  return {texts, painter.layout(at.slide)};
}

QString describe(const test::ProbedText& t) {
  return QStringLiteral("'%1' at %2 px").arg(t.text).arg(t.pixels, 0, 'f', 1);
}

} // namespace

TEST_CASE("every label of a scene is at least 20 px of the 768 px slide, 16:9 and 4:3",
          "[slides][legibility]") {
  // 16:9 shown on a 1920×1080 projector (every size scaled by 1.41), 4:3 at 1024×768.
  const auto [canvasWidth, screen] = GENERATE(std::pair{wideCanvasWidth, QSize(1920, 1080)},
                                              std::pair{narrowCanvasWidth, QSize(1024, 768)});
  test::TempDir dir;
  test::binomial_gather(8, 1000).write(dir / "gather8");
  test::binomial_gather(16, 1000).write(dir / "gather16");
  test::ring_allgather(5, 100).write(dir / "ring5");
  test::dissemination_allgather(8, 100).write(dir / "dissemination8");
  test::pipeline_bcast(6, 8, 1000).write(dir / "pipeline6");
  const auto scene = [](const char* trace, const char* view, const char* extra = "") {
    return QStringLiteral("```scene\ntrace: %1\nview: %2\n%3```\n")
        .arg(QLatin1String(trace), QLatin1String(view), QLatin1String(extra));
  };
  const auto steps = "steps: rounds\n";
  // One slide per view, alone and side by side, at the first and the last step.
  const QStringList slides{
      "## Tree\n" + scene("gather8", "tree", steps),
      "## Tree of 16\n" + scene("gather16", "tree", steps),
      "## Timeline\n" + scene("gather8", "timeline", steps),
      "## Timeline of a pipeline\n" + scene("pipeline6", "timeline", "axis: time\n"),
      "## Delays\n" + scene("gather16", "delays"),
      "## Data\n" + scene("gather8", "data", steps),
      "## Circulant\n" + scene("dissemination8", "circulant", steps),
      "## Statistics\n" + scene("ring5", "stats"),
      "## Two trees\n" + scene("gather8", "tree", "round: 0\n") + scene("gather16", "tree"),
      "## Ring and tree\n" + scene("ring5", "circulant", steps) + scene("gather8", "data", steps),
      "## Two timelines\n" + scene("gather8", "timeline", steps) +
          scene("pipeline6", "timeline", steps),
      "## Delays beside data\n" + scene("gather8", "delays") + scene("gather16", "data"),
  };
  Deck deck = parseDeck(slides.join(QStringLiteral("---\n")),
                        QString::fromStdString((dir / "deck.md").string()));
  deck.canvasWidth = canvasWidth;
  INFO(deck.errorLines().join(QLatin1Char('\n')).toStdString());
  REQUIRE(deck.errors.empty());
  SceneLibrary library(deck);
  library.prepare();
  const DeckSteps deckSteps = library.steps();
  INFO("canvas " << canvasWidth << "x768 on " << screen.width() << "x" << screen.height());
  double least = 1e9;
  for (int s = 0; s < static_cast<int>(deck.slides.size()); ++s) {
    for (int step : {0, deckSteps.steps(s) - 1}) {
      for (std::size_t c = 0; c < deck.slides[static_cast<std::size_t>(s)].scenes.size(); ++c)
        REQUIRE(library.state(s, static_cast<int>(c)).status == SceneState::Status::ready);
      const Page page = probe(library, {s, step}, screen);
      INFO("slide " << s + 1 << " (" << slides[s].section('\n', 0, 0).toStdString() << "), step "
                    << step);
      int inScenes = 0;
      for (const test::ProbedText& t : page.texts) {
        if (t.text.trimmed().isEmpty()) continue;
        INFO(describe(t).toStdString());
        CHECK(t.pixels >= SlidePainter::minimumFontPixels - 0.05);
        // Titles and subtitles fit or are shortened by whole words, never cut with "…".
        CHECK_FALSE(t.text.endsWith(QChar(0x2026)));
        least = std::min(least, t.pixels);
        for (const QRectF& cell : page.layout.scenes)
          if (cell.intersects(t.box)) ++inScenes;
      }
      CHECK(inScenes >= 5); // the figures kept labels: a rank, a title, ticks or a legend
      // Labels inside a figure do not cover each other (a label on top of another is noise).
      for (std::size_t i = 0; i < page.texts.size(); ++i)
        for (std::size_t j = i + 1; j < page.texts.size(); ++j) {
          const test::ProbedText& a = page.texts[i];
          const test::ProbedText& b = page.texts[j];
          if (a.text.trimmed().isEmpty() || b.text.trimmed().isEmpty()) continue;
          const QRectF both = a.box.intersected(b.box);
          const double smaller =
              std::min(a.box.width() * a.box.height(), b.box.width() * b.box.height());
          INFO(describe(a).toStdString() << " and " << describe(b).toStdString());
          CHECK(both.width() * both.height() <= 0.3 * smaller);
        }
    }
  }
  CHECK(least >= SlidePainter::minimumFontPixels - 0.05);
}

// The decks themselves (their runs recorded, or taken from the cache): COLLSCOPE_DECKS names
// them, colon-separated; prints the smallest text inside a scene of each. Not in the suite: it
// needs mpirun.
TEST_CASE("the decks' smallest texts", "[.][decks]") {
  for (const QString& path :
       qEnvironmentVariable("COLLSCOPE_DECKS").split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
    const Deck deck = loadDeck(path);
    SceneLibrary library(deck);
    library.prepare();
    library.waitUntilDone();
    const DeckSteps steps = library.steps();
    const test::ProbedText* least = nullptr;
    std::vector<test::ProbedText> all;
    for (int s = 0; s < static_cast<int>(deck.slides.size()); ++s)
      for (int step = 0; step < steps.steps(s); ++step) {
        const Page page = probe(library, {s, step});
        for (const test::ProbedText& t : page.texts)
          for (const QRectF& cell : page.layout.scenes)
            if (!t.text.trimmed().isEmpty() && cell.contains(t.box.center())) all.push_back(t);
      }
    for (const test::ProbedText& t : all)
      if (!least || t.pixels < least->pixels) least = &t;
    if (!least) continue; // no scenes
    WARN(path.toStdString() << ": smallest text in a scene " << describe(*least).toStdString());
    CHECK(least->pixels >= SlidePainter::minimumFontPixels);
  }
}

TEST_CASE("titles of scenes side by side fit whole, within the slide's floor",
          "[slides][legibility]") {
  // A tree view side by side on a slide: 1.45x zoom, about 320 logical px wide, floor 14 px.
  const double floor = std::ceil(SlidePainter::minimumFontPixels / SlidePainter::narrowZoom);
  const app::ViewStyle slide = app::ViewStyle::forSize(QSize(320, 300), floor);
  const QRectF line(0, 0, 320 - 2 * slide.padding, 30);
  const QString title = QStringLiteral("Tree · bcast/binomial-preorder  p = 8  root 0");
  const QString state = QStringLiteral("round 0 complete");
  const app::TitleLineLayout fitted = app::layoutTitleLine(line, slide, title, state);
  INFO(fitted.titleText.toStdString());
  CHECK_FALSE(fitted.titleText.contains(QChar(0x2026)));
  CHECK(fitted.titleText.contains(QStringLiteral("bcast/binomial-preorder  p = 8  root 0")));
  CHECK(fitted.titleFont.pixelSize() >= floor);
  CHECK(fitted.stateFont.pixelSize() <= fitted.titleFont.pixelSize());
  CHECK(QFontMetricsF(fitted.titleFont).horizontalAdvance(fitted.titleText) <= line.width());
  if (!fitted.stateText.isEmpty()) {
    CHECK(fitted.stateText == state); // whole or not at all
    CHECK_FALSE(fitted.state.intersects(fitted.title));
  }
  // Too narrow for all of it: p and root go before the collective and algorithm do.
  const app::TitleLineLayout narrow =
      app::layoutTitleLine(QRectF(0, 0, 240, 30), slide, title, state);
  INFO(narrow.titleText.toStdString());
  CHECK(narrow.titleText.startsWith(QStringLiteral("bcast/binomial-preorder")));
  CHECK_FALSE(narrow.titleText.contains(QChar(0x2026)));
  CHECK(narrow.titleFont.pixelSize() >= floor);

  // The app's own windows keep their behaviour: the title font stays, the text is elided.
  const app::ViewStyle window = app::ViewStyle::forSize(QSize(320, 300));
  const app::TitleLineLayout elided = app::layoutTitleLine(line, window, title, state);
  CHECK(elided.titleFont == window.titleFont);
  CHECK(elided.titleText.endsWith(QChar(0x2026)));

  // Subtitles on a slide end after a whole clause, or are left out.
  const QFontMetricsF metrics(slide.tickFont);
  const QString subtitle =
      QStringLiteral("tree of depth 3 · data flows from the root · rounds as annotated");
  const QString cut = app::fitLine(subtitle, metrics, 300, slide);
  CHECK((cut == QStringLiteral("tree of depth 3 · data flows from the root") ||
         cut == QStringLiteral("tree of depth 3")));
  CHECK(app::fitLine(subtitle, metrics, 20, slide).isEmpty());
  CHECK(app::fitLine(subtitle, metrics, 300, window).endsWith(QChar(0x2026)));
}
