// The slides engine without a window: the deck parser (slides, notes, scenes, every error with
// its line), the steps of a talk, the scene run's command and cache key, and slide painting
// of a deck whose scenes are shipped traces.
#include "algorithm_traces.hpp"
#include "slides/deck.h"
#include "slides/deckposition.h"
#include "slides/scenelibrary.h"
#include "slides/scenerun.h"
#include "slides/slidepainter.h"

#include <QDir>
#include <QImage>
#include <QPainter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QTextList>
#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app::slides;

namespace {

bool hasError(const Deck& deck, int line, const QString& part) {
  for (const DeckError& e : deck.errors)
    if (e.line == line && e.message.contains(part)) return true;
  return false;
}

QString errors(const Deck& deck) {
  return deck.errorLines().join(QLatin1Char('\n'));
}

} // namespace

TEST_CASE("a deck is cut into slides at --- lines, with notes and scenes", "[slides]") {
  const QString text =
      QStringLiteral("# Title\n"                                                                // 1
                     "\n"                                                                       // 2
                     "Note: the opening\n"                                                      // 3
                     "more notes\n"                                                             // 4
                     "---\n"                                                                    // 5
                     "## Gather\n"                                                              // 6
                     "```scene\n"                                                               // 7
                     "run: gather --algorithm binomial --root 3 --count 1000 -np 8   # eight\n" // 8
                     "view: tree\n"                                                             // 9
                     "axis: annotated\n"        // 10
                     "steps: rounds\n"          // 11
                     "caption: the #1 tree\n"   // 12
                     "```\n"                    // 13
                     "```cpp\n"                 // 14
                     "---\n"                    // 15
                     "Note: code, not a note\n" // 16
                     "```\n"                    // 17
                     "Notes:\n"                 // 18
                     "- first\n"                // 19
                     "---\n"                    // 20
                     "Last\n");                 // 21
  const Deck deck = parseDeck(text, QStringLiteral("/tmp/deck.md"));
  INFO(errors(deck).toStdString());
  REQUIRE(deck.errors.empty());
  REQUIRE(deck.slides.size() == 3);
  CHECK(deck.slides[0].markdown == QStringLiteral("# Title"));
  CHECK(deck.slides[0].notes == QStringLiteral("the opening\nmore notes"));
  CHECK(deck.slides[1].line == 6);
  CHECK(deck.slides[1].markdown == QStringLiteral("## Gather"));
  // The code block follows the scene, so it is drawn below it.
  CHECK(deck.slides[1].markdownBelow.contains(QStringLiteral("Note: code, not a note")));
  CHECK(deck.slides[1].markdownBelow.contains(QStringLiteral("---")));
  CHECK(deck.slides[1].notes == QStringLiteral("- first"));
  REQUIRE(deck.slides[1].scenes.size() == 1);
  const Scene& scene = deck.slides[1].scenes[0];
  CHECK(scene.line == 7);
  CHECK(scene.isRun());
  CHECK(scene.processes == 8);
  CHECK(scene.runArguments ==
        QStringList{"gather", "--algorithm", "binomial", "--root", "3", "--count", "1000"});
  CHECK(scene.view == QStringLiteral("tree"));
  CHECK(scene.axis == app::AxisMode::annotatedRounds);
  CHECK(scene.steps == Scene::Steps::rounds);
  CHECK(scene.caption == QStringLiteral("the"));
  CHECK(scene.error.isEmpty());
  CHECK(deck.slides[2].markdown == QStringLiteral("Last"));
  CHECK(deck.slides[2].notes.isEmpty());
}

TEST_CASE("every mistake in a deck names its line", "[slides]") {
  const QString text = QStringLiteral("# One\n"                       // 1
                                      "```scene\n"                    // 2
                                      "run: gather -np 8\n"           // 3
                                      "view: pie\n"                   // 4
                                      "colour: red\n"                 // 5
                                      "```\n"                         // 6
                                      "---\n"                         // 7
                                      "```scene\n"                    // 8
                                      "view: tree\n"                  // 9
                                      "```\n"                         // 10
                                      "```scene\n"                    // 11
                                      "run: gather --count 4 -np 4\n" // 12
                                      "trace: traces/missing\n"       // 13
                                      "axis: sideways\n"              // 14
                                      "steps: sometimes\n"            // 15
                                      "round: -1\n"                   // 16
                                      "```\n"                         // 17
                                      "```scene\n"                    // 18
                                      "run: gather --count 4\n"       // 19
                                      "just words\n"                  // 20
                                      "view: tree\n"                  // 21
                                      "view: data\n"                  // 22
                                      "```\n"                         // 23
                                      "```scene\n"                    // 24
                                      "run: gather -np 4 --trace x\n" // 25
                                      "```\n"                         // 26
                                      "```scene\n"                    // 27
                                      "trace: .\n");                  // 28
  const Deck deck = parseDeck(text, QStringLiteral("/tmp/deck.md"));
  INFO(errors(deck).toStdString());
  CHECK(hasError(deck, 4, QStringLiteral("unknown view 'pie'")));
  CHECK(hasError(deck, 5, QStringLiteral("unknown scene key 'colour'")));
  CHECK(hasError(deck, 8, QStringLiteral("needs run:")));
  CHECK(hasError(deck, 11, QStringLiteral("either run: or trace:, not both")));
  CHECK(hasError(deck, 13, QStringLiteral("no OTF2 trace at traces/missing")));
  CHECK(hasError(deck, 14, QStringLiteral("axis: expected time, rounds or annotated")));
  CHECK(hasError(deck, 15, QStringLiteral("steps: expected rounds or none")));
  CHECK(hasError(deck, 16, QStringLiteral("round: not a round number")));
  CHECK(hasError(deck, 19, QStringLiteral("-np N")));
  CHECK(hasError(deck, 20, QStringLiteral("expected 'key: value'")));
  CHECK(hasError(deck, 22, QStringLiteral("'view' given twice")));
  CHECK(hasError(deck, 25, QStringLiteral("--trace is the deck's to set")));
  CHECK(hasError(deck, 27, QStringLiteral("not closed")));
  CHECK(deck.errorLines().front().startsWith(QStringLiteral("/tmp/deck.md:4: ")));
  // A broken scene stays on its slide and says why.
  REQUIRE(deck.slides.size() == 2);
  REQUIRE(deck.slides[0].scenes.size() == 1);
  CHECK(deck.slides[0].scenes[0].error.contains(QStringLiteral("line 4")));
}

TEST_CASE("an empty or unreadable deck is one error", "[slides]") {
  const Deck empty = parseDeck(QStringLiteral("\n---\n\n"), QStringLiteral("e.md"));
  CHECK(empty.slides.empty());
  CHECK(hasError(empty, 1, QStringLiteral("no slides")));
  const Deck missing = loadDeck(QStringLiteral("/nonexistent/deck.md"));
  REQUIRE(missing.errors.size() == 1);
  CHECK(missing.errorLines().front().startsWith(
      QStringLiteral("/nonexistent/deck.md:0: cannot read")));
}

TEST_CASE("next walks a slide's rounds, then the slides; previous walks back", "[slides]") {
  const DeckSteps steps({1, 3, 0, 2});
  CHECK(steps.steps(2) == 1); // every slide has a step
  std::vector<DeckPosition> walked{{0, 0}};
  while (true) {
    const DeckPosition next = steps.next(walked.back());
    if (next == walked.back()) break;
    walked.push_back(next);
  }
  const std::vector<DeckPosition> expected{{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {3, 0}, {3, 1}};
  CHECK(walked == expected);
  CHECK(steps.all() == expected);
  CHECK(steps.finals() == std::vector<DeckPosition>{{0, 0}, {1, 2}, {2, 0}, {3, 1}});
  CHECK(steps.previous({2, 0}) == DeckPosition{1, 2});
  CHECK(steps.previous({0, 0}) == DeckPosition{0, 0});
  CHECK(steps.slideStart(9) == DeckPosition{3, 0});
  CHECK(steps.clamp({1, 7}) == DeckPosition{1, 2});
}

TEST_CASE("a scene's run is mpirun collscope-run with its arguments, cached by them", "[slides]") {
  const Deck deck = parseDeck(QStringLiteral("```scene\nrun: gather --root 3 -np 12\n```\n"
                                             "```scene\nrun: gather --root 3 -np 4\n```\n"),
                              QStringLiteral("d.md"));
  REQUIRE(deck.errors.empty());
  const Scene& big = deck.slides[0].scenes[0];
  app::RunEnvironment env{QStringLiteral("/usr/bin/mpirun"), QStringLiteral("/b/collscope-run"), 2,
                          true};
  const app::RunCommand command = sceneRunCommand(big, env, QStringLiteral("/c/k"));
  CHECK(command.program == QStringLiteral("/usr/bin/mpirun"));
  CHECK(command.arguments == QStringList{"--oversubscribe", "-np", "12", "/b/collscope-run",
                                         "gather", "--root", "3", "--repetitions", "1", "--warmup",
                                         "0", "--trace", "/c/k"});
  CHECK(command.environment.contains(QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT=1")));
  const QString key = sceneKey(big, QStringLiteral("/b/collscope-run"));
  CHECK(key.size() == 16);
  CHECK(key == sceneKey(big, QStringLiteral("/b/collscope-run")));
  CHECK(key != sceneKey(deck.slides[0].scenes[1], QStringLiteral("/b/collscope-run")));
}

TEST_CASE("shipped traces step by their rounds and paint on the slide", "[slides]") {
  test::TempDir dir;
  test::binomial_gather(8, 1000).write(dir / "traces" / "gather8");
  test::ring_allgather(5, 100).write(dir / "traces" / "ring5");
  const QString deckPath = QString::fromStdString((dir / "deck.md").string());
  const QString text = QStringLiteral(
      "# Rounds\n---\n## Side by side\n"
      "```scene\ntrace: traces/gather8\nview: tree\nsteps: rounds\ncaption: gather\n```\n"
      "```scene\ntrace: traces/ring5/traces.otf2\nview: circulant\nsteps: rounds\n```\n"
      "Note: compare\n---\n"
      "```scene\ntrace: traces/gather8\nview: stats\n```\n"
      "```scene\ntrace: traces/gather8\nview: timeline\nround: 9\n```\n");
  const Deck deck = parseDeck(text, deckPath);
  INFO(errors(deck).toStdString());
  REQUIRE(deck.errors.empty());
  SceneLibrary library(deck);
  library.prepare();
  CHECK_FALSE(library.busy());
  // The gather has 3 rounds, the ring on 5 ranks 4: side by side they step to the longer.
  CHECK(library.state(1, 0).rounds.size() == 3);
  CHECK(library.state(1, 1).rounds.size() == 4);
  const DeckSteps steps = library.steps();
  CHECK(steps.steps(0) == 1);
  CHECK(steps.steps(1) == 4);
  CHECK(steps.steps(2) == 1);
  CHECK(library.roundText({1, 2}) == QStringLiteral("round 2 · 3 of 4"));
  // Round 9 of an 8-rank gather does not exist: the scene fails, the run's error names its line.
  CHECK(library.state(2, 1).status == SceneState::Status::failed);
  const auto runErrors = library.runErrors();
  REQUIRE(runErrors.size() == 1);
  CHECK(runErrors[0].message.contains(QStringLiteral("round: 9")));

  SlidePainter painter(library);
  library.showStep({1, 0});
  CHECK(library.state(1, 0).playback->completedRounds() == 1);
  library.showStep({1, 3});
  CHECK(library.state(1, 0).playback->completedRounds() == 3); // the shorter stays at its end
  CHECK(library.state(1, 1).playback->completedRounds() == 4);

  const int w = qRound(painter.canvasWidth()); // 16:9 by default: 1366
  CHECK(w == 1366);
  QImage image(w, 768, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::black);
  QPainter p(&image);
  painter.paint(p, QRectF(0, 0, w, 768), {1, 1});
  p.end();
  // The figures fill both halves of the slide below the heading.
  const auto inkIn = [&](QRect area) {
    int dark = 0;
    for (int y = area.top(); y <= area.bottom(); y += 2)
      for (int x = area.left(); x <= area.right(); x += 2)
        if (qGray(image.pixel(x, y)) < 160) ++dark;
    return dark;
  };
  CHECK(inkIn(QRect(40, 120, w / 2 - 60, 560)) > 500);
  CHECK(inkIn(QRect(w / 2 + 20, 120, w / 2 - 60, 560)) > 500);
  CHECK(qGray(image.pixel(5, 5)) == 255); // the canvas is white, edge to edge
}

TEST_CASE("slide text is laid out by Qt's Markdown at slide sizes", "[slides]") {
  const auto doc = markdownDocument(QStringLiteral("# Heading\n\n- one **bold**\n- two\n"),
                                    QDir::tempPath(), 28.0, 944.0);
  CHECK(doc->blockCount() == 3);
  CHECK(doc->toPlainText().contains(QStringLiteral("bold")));
  QTextCursor heading(doc->begin());
  heading.movePosition(QTextCursor::Right);
  CHECK(heading.charFormat().property(QTextFormat::FontPixelSize).toInt() == 43);
  CHECK(doc->begin().next().textList() != nullptr);
}

TEST_CASE("images are found beside the deck and scaled to the slide", "[slides]") {
  test::TempDir dir;
  const QString folder = QString::fromStdString(dir.path().string());
  QDir(folder).mkpath(QStringLiteral("figures"));
  QImage wide(2000, 500, QImage::Format_RGB32);
  wide.fill(QColor(0, 114, 178));
  REQUIRE(wide.save(folder + QStringLiteral("/figures/wide.png")));
  // With and without alt text: Qt's reader alone drops an image whose alt text is empty.
  const QString markdown = GENERATE(QStringLiteral("Above\n\n![a figure](figures/wide.png)\n"),
                                    QStringLiteral("Above\n\n![](figures/wide.png)\n"));
  const auto doc = markdownDocument(markdown, folder, 28.0, 944.0);
  QTextImageFormat image;
  for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
    for (auto it = block.begin(); !it.atEnd(); ++it)
      if (it.fragment().charFormat().isImageFormat())
        image = it.fragment().charFormat().toImageFormat();
  REQUIRE(image.isValid());
  CHECK(image.width() == Approx(944.0)); // 2000 px wide, scaled to the text's width
  CHECK(image.height() == Approx(236.0));
  QImage page(1024, 768, QImage::Format_ARGB32_Premultiplied);
  page.fill(Qt::white);
  QPainter painter(&page);
  doc->drawContents(&painter);
  painter.end();
  const QColor middle = page.pixelColor(472, 40 + 118);
  CHECK(middle.blue() > 150);
  CHECK(middle.red() < 40);
}

TEST_CASE("a static scene takes a round or a time, as collscope --export does", "[slides]") {
  const Deck deck =
      parseDeck(QStringLiteral("```scene\ntrace: .\nview: data\naxis: time\ntime: 250us\n```\n"
                               "```scene\ntrace: .\nround: 2\nsteps: none\n```\n"
                               "```scene\ntrace: .\ntime: 1ms\nround: 1\n```\n"
                               "```scene\ntrace: .\nsteps: rounds\nround: 1\n```\n"),
                QStringLiteral("/nonexistent/d.md"));
  REQUIRE(deck.slides.size() == 1);
  const auto& scenes = deck.slides[0].scenes;
  REQUIRE(scenes.size() == 4);
  CHECK(scenes[0].view == QStringLiteral("data"));
  CHECK(scenes[0].axis == app::AxisMode::time);
  REQUIRE(scenes[0].time);
  CHECK(*scenes[0].time == Approx(250e-6));
  CHECK(scenes[1].round == 2);
  CHECK(scenes[1].steps == Scene::Steps::none);
  CHECK(hasError(deck, 12, QStringLiteral("round: and time: exclude each other")));
  CHECK(hasError(deck, 17, QStringLiteral("for static scenes")));
  CHECK(hasError(deck, 2, QStringLiteral("no OTF2 trace"))); // the deck's folder is no trace
}

TEST_CASE("text after a scene stays below it, in the deck's order", "[slides]") {
  test::TempDir dir;
  test::binomial_gather(8, 1000).write(dir / "traces" / "gather8");
  const QString deckPath = QString::fromStdString((dir / "deck.md").string());
  const Deck deck =
      parseDeck(QStringLiteral("## Above and below\n"                                   // 1
                               "the text before the figure\n"                           // 2
                               "```scene\ntrace: traces/gather8\nview: tree\n```\n"     // 3-6
                               "**the cost after it**: 8.6 µs\n"                        // 7
                               "```scene\ntrace: traces/gather8\nview: timeline\n```\n" // 8-11
                               "and a last line\n"                                      // 12
                               "Note: notes stay notes\n"),                             // 13
                deckPath);
  INFO(errors(deck).toStdString());
  REQUIRE(deck.errors.empty());
  REQUIRE(deck.slides.size() == 1);
  const Slide& slide = deck.slides[0];
  CHECK(slide.markdown == QStringLiteral("## Above and below\nthe text before the figure"));
  CHECK(slide.markdownBelow == QStringLiteral("**the cost after it**: 8.6 µs\nand a last line"));
  CHECK(slide.scenes.size() == 2); // text between two scenes does not split their row
  CHECK(slide.notes == QStringLiteral("notes stay notes"));

  SceneLibrary library(deck);
  library.prepare();
  SlidePainter painter(library);
  const SlideLayout placed = painter.layout(0);
  REQUIRE(placed.scenes.size() == 2);
  REQUIRE_FALSE(placed.above.isEmpty());
  REQUIRE_FALSE(placed.below.isEmpty());
  for (const QRectF& scene : placed.scenes) {
    CHECK(placed.above.bottom() <= scene.top());
    CHECK(scene.bottom() <= placed.below.top());
    CHECK(scene.height() > 0.5 * SlidePainter::canvasHeight - 60);
  }
  CHECK(placed.below.bottom() <= SlidePainter::canvasHeight - 30); // above the footer

  // The text below is painted where the layout puts it, not above the figure.
  const int w = qRound(painter.canvasWidth());
  QImage image(w, 768, QImage::Format_ARGB32_Premultiplied);
  QPainter p(&image);
  painter.paint(p, QRectF(0, 0, w, 768), {0, 0});
  p.end();
  int dark = 0;
  const QRect below = placed.below.toAlignedRect();
  for (int y = below.top(); y <= below.bottom(); ++y)
    for (int x = below.left(); x <= below.right(); x += 2)
      if (qGray(image.pixel(x, y)) < 100) ++dark;
  CHECK(dark > 100);
}
