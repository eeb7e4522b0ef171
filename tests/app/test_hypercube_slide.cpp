// The hypercube view on slides (`view: hypercube`): every label at least 20 px of the 768 px
// canvas, 16:9 and 4:3, none covering another — a 3-cube, a tesseract, a 5-cube, two cubes side
// by side, and the circulant fallback with its note — measured exactly with the text probe.
#include "algorithm_traces.hpp"
#include "slides/deck.h"
#include "slides/scenelibrary.h"
#include "slides/slidepainter.h"
#include "text_probe.h"

#include <QPainter>
#include <bit>
#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app::slides;

namespace {

/// The butterfly as test_hypercube_view.cpp builds it, without annotations: rounds inferred.
test::TraceBuilder plainButterfly(int p) {
  test::TraceBuilder b(p);
  for (int k = 0; (1 << k) < p; ++k)
    for (int r = 0; r < p; ++r)
      b.sendrecv(r, test::at(k, 1), test::at(k, 5), r ^ (1 << k), 400, r ^ (1 << k), 400);
  return b;
}

} // namespace

TEST_CASE("hypercube scenes: every label at least 20 px of the slide, none on another",
          "[slides][legibility]") {
  const auto [canvasWidth, screen] = GENERATE(std::pair{wideCanvasWidth, QSize(1920, 1080)},
                                              std::pair{narrowCanvasWidth, QSize(1024, 768)});
  test::TempDir dir;
  for (int p : {8, 16, 32}) plainButterfly(p).write(dir / ("butterfly" + std::to_string(p)));
  test::ring_allgather(6, 10).write(dir / "ring6");
  const auto scene = [](const char* trace, const char* extra = "steps: rounds\n") {
    return QStringLiteral("```scene\ntrace: %1\nview: hypercube\n%2```\n")
        .arg(QLatin1String(trace), QLatin1String(extra));
  };
  const QStringList slides{
      "## A 3-cube\n" + scene("butterfly8"),
      "## A tesseract\n" + scene("butterfly16"),
      "## A 5-cube\n" + scene("butterfly32", ""),
      "## Side by side\n" + scene("butterfly8") + scene("butterfly16"),
      "## Not a power of two\n" + scene("ring6"),
  };
  Deck deck = parseDeck(slides.join(QStringLiteral("---\n")),
                        QString::fromStdString((dir / "deck.md").string()));
  deck.canvasWidth = canvasWidth;
  INFO(deck.errorLines().join(QLatin1Char('\n')).toStdString());
  REQUIRE(deck.errors.empty());
  SceneLibrary library(deck);
  library.prepare();
  const DeckSteps steps = library.steps();
  INFO("canvas " << canvasWidth << "x768 on " << screen.width() << "x" << screen.height());
  for (int s = 0; s < static_cast<int>(deck.slides.size()); ++s)
    for (int step : {0, steps.steps(s) - 1}) {
      INFO("slide " << s + 1 << ", step " << step);
      for (std::size_t c = 0; c < deck.slides[static_cast<std::size_t>(s)].scenes.size(); ++c)
        REQUIRE(library.state(s, static_cast<int>(c)).status == SceneState::Status::ready);
      SlidePainter painter(library);
      test::TextProbe device(screen.width(), screen.height());
      QPainter p(&device);
      const QRectF target(QPointF(0, 0), QSizeF(screen));
      painter.paint(p, target, {s, step});
      p.end();
      const double scale = painter.canvasRect(target).height() / SlidePainter::canvasHeight;
      std::vector<test::ProbedText> texts;
      for (test::ProbedText t : device.texts())
        if (!t.text.trimmed().isEmpty()) texts.push_back(t);
      int binaryNames = 0;
      for (const test::ProbedText& t : texts) {
        INFO("'" << t.text.toStdString() << "' at " << t.pixels / scale << " px");
        CHECK(t.pixels / scale >= SlidePainter::minimumFontPixels - 0.05);
        CHECK_FALSE(t.text.endsWith(QChar(0x2026)));
        binaryNames +=
            t.text.size() >= 3 &&
            t.text.count(QLatin1Char('0')) + t.text.count(QLatin1Char('1')) == t.text.size();
      }
      if (s < 4) CHECK(binaryNames >= 8); // the vertices' binary names were kept
      if (s == 4) {
        bool note = false;
        for (const test::ProbedText& t : texts)
          note = note || t.text.contains(QStringLiteral("not a power of two"));
        CHECK(note);
      }
      for (std::size_t i = 0; i < texts.size(); ++i)
        for (std::size_t j = i + 1; j < texts.size(); ++j) {
          const QRectF both = texts[i].box.intersected(texts[j].box);
          const double smaller = std::min(texts[i].box.width() * texts[i].box.height(),
                                          texts[j].box.width() * texts[j].box.height());
          INFO("'" << texts[i].text.toStdString() << "' and '" << texts[j].text.toStdString()
                   << "'");
          CHECK(both.width() * both.height() <= 0.3 * smaller);
        }
    }
}
