// The slides' canvas and text fit: 16:9 by default and 4:3 on request; no text of any deck in
// slides/ runs past its slide, code blocks included (they shrink to the floor, then wrap);
// formulas typed as in the seeds get their sub- and superscripts; tables are padded; and round
// axes show no measured waiting.
#include "app_fixtures.h"
#include "slides/deck.h"
#include "slides/scenelibrary.h"
#include "slides/slidepainter.h"
#include "slides/slidesexport.h"

#include <QDir>
#include <QTextBlock>
#include <QTextLayout>
#include <QTextTable>
#include <catch2/catch.hpp>

using namespace collscope::app::slides;

namespace {

/// The widest line of `doc` as laid out (a line that cannot break is as wide as its text).
double widestLine(QTextDocument& doc) {
  (void)doc.size(); // lays the document out
  double widest = 0.0;
  for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
    const QTextLayout* layout = block.layout();
    for (int i = 0; layout != nullptr && i < layout->lineCount(); ++i)
      widest = std::max(widest, layout->lineAt(i).naturalTextWidth());
  }
  return widest;
}

double smallestPixels(QTextDocument& doc) {
  double least = 1e9;
  for (QTextBlock block = doc.begin(); block.isValid(); block = block.next())
    for (auto it = block.begin(); !it.atEnd(); ++it)
      if (!it.fragment().text().trimmed().isEmpty())
        least = std::min(least, static_cast<double>(it.fragment().charFormat().font().pixelSize()));
  return least;
}

int lines(QTextDocument& doc) {
  (void)doc.size();
  return doc.begin().layout()->lineCount();
}

} // namespace

TEST_CASE("slides are 16:9 by default and 4:3 on request", "[slides]") {
  const Deck deck = parseDeck(QStringLiteral("# One\n"), QDir::temp().filePath("d.md"));
  CHECK(deck.canvasWidth / SlidePainter::canvasHeight == Approx(16.0 / 9.0).epsilon(0.001));
  SlidesOptions o = parseSlidesArguments(
      {QStringLiteral("d.md"), QStringLiteral("--pdf"), QStringLiteral("o.pdf")}, false);
  CHECK(o.error.isEmpty());
  CHECK(o.canvasWidth == wideCanvasWidth);
  o = parseSlidesArguments(
      {QStringLiteral("d.md"), QStringLiteral("--aspect"), QStringLiteral("4:3")}, true);
  CHECK(o.error.isEmpty());
  CHECK(o.canvasWidth / SlidePainter::canvasHeight == Approx(4.0 / 3.0));
  o = parseSlidesArguments(
      {QStringLiteral("d.md"), QStringLiteral("--aspect"), QStringLiteral("21:9")}, true);
  CHECK(o.error.contains(QStringLiteral("16:9 or 4:3")));
}

TEST_CASE("no text of any deck runs past its slide, code included", "[slides]") {
  const QDir decks(collscope::apptest::slidesDirectory());
  const QStringList files = decks.entryList({QStringLiteral("*.md")}, QDir::Files);
  REQUIRE(files.size() >= 7);
  int codeBlocks = 0;
  for (const double canvasWidth : {wideCanvasWidth, narrowCanvasWidth}) {
    for (const QString& file : files) {
      if (file == QStringLiteral("README.md")) continue;
      Deck deck = loadDeck(decks.filePath(file));
      deck.canvasWidth = canvasWidth;
      SceneLibrary library(deck); // not prepared: the layout needs no runs
      SlidePainter painter(library);
      for (int s = 0; s < static_cast<int>(deck.slides.size()); ++s) {
        const SlideLayout placed = painter.layout(s);
        INFO(file.toStdString() << " slide " << s + 1 << " on a " << canvasWidth << "x768 canvas");
        for (const auto part : {SlidePainter::TextPart::above, SlidePainter::TextPart::below}) {
          const QRectF& area = part == SlidePainter::TextPart::above ? placed.above : placed.below;
          if (area.isEmpty()) continue;
          CHECK(area.left() >= 0);
          CHECK(area.right() <= canvasWidth);
          CHECK(area.bottom() <= SlidePainter::canvasHeight);
          const auto doc = painter.textDocument(s, placed.pixels, area.width(), part);
          CHECK(widestLine(*doc) <= area.width() + 0.5);
          CHECK(smallestPixels(*doc) >= SlidePainter::minimumFontPixels);
          CHECK(doc->size().height() <= area.height() + 0.5);
          for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
            if (b.blockFormat().nonBreakableLines() || b.text().startsWith(QStringLiteral("  ")))
              ++codeBlocks;
        }
      }
    }
  }
  CHECK(codeBlocks > 0); // the decks do have code, and it was measured
}

TEST_CASE("a code line too wide shrinks to the floor and then wraps", "[slides]") {
  const QString line = QStringLiteral("mpirun -np 8 collscope-run gather --algorithm binomial "
                                      "--root 3 --count 1000 --trace out");
  // Fits at 28 px in a wide column: kept whole and at the body size.
  auto doc = markdownDocument("```\n" + line + "\n```\n", QDir::tempPath(), 28.0, 2000.0);
  CHECK(smallestPixels(*doc) == 28);
  CHECK(lines(*doc) == 1);
  // A little too wide: smaller, still one line.
  doc = markdownDocument("```\n" + line + "\n```\n", QDir::tempPath(), 28.0, 1300.0);
  CHECK(smallestPixels(*doc) < 28);
  CHECK(smallestPixels(*doc) >= 20);
  CHECK(lines(*doc) == 1);
  CHECK(widestLine(*doc) <= 1300.5);
  // Far too wide: the floor, wrapped within the width.
  doc = markdownDocument("```\n" + line + "\n```\n", QDir::tempPath(), 28.0, 500.0);
  CHECK(smallestPixels(*doc) == 20);
  CHECK(lines(*doc) > 1);
  CHECK(widestLine(*doc) <= 500.5);
  // Inline code is body size, not Qt's own point size.
  doc = markdownDocument(QStringLiteral("run `collscope-run` now"), QDir::tempPath(), 20.0, 900.0);
  CHECK(smallestPixels(*doc) == 20);
}

TEST_CASE("formulas get sub- and superscripts while code keeps its underscores", "[slides]") {
  const auto doc = markdownDocument(
      QStringLiteral(
          "β·Σ_{i≠r} m_i and min_{i≤k<j} and 2^{k+1}, but `block_extent`, a_b_c and MPI_Gather\n"),
      QDir::tempPath(), 28.0, 1200.0);
  const QString text = doc->toPlainText();
  CHECK(text.contains(QStringLiteral("β·Σi≠r mi and mini≤k<j and 2k+1")));
  CHECK(text.contains(QStringLiteral("block_extent")));
  CHECK(text.contains(QStringLiteral("a_b_c"))); // identifiers, not formulas
  CHECK(text.contains(QStringLiteral("MPI_Gather")));
  int sub = 0, super = 0;
  for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
    for (auto it = b.begin(); !it.atEnd(); ++it) {
      const auto align = it.fragment().charFormat().verticalAlignment();
      if (align == QTextCharFormat::AlignSubScript) sub += static_cast<int>(it.fragment().length());
      if (align == QTextCharFormat::AlignSuperScript)
        super += static_cast<int>(it.fragment().length());
    }
  CHECK(sub == 3 + 1 + 5); // i≠r, i, i≤k<j
  CHECK(super == 3);       // k+1
}

TEST_CASE("tables are padded", "[slides]") {
  const auto doc = markdownDocument(QStringLiteral("| a | b |\n|---|---|\n| (p−1)α | βm |\n"),
                                    QDir::tempPath(), 28.0, 900.0);
  const QTextTable* table = nullptr;
  for (QTextBlock b = doc->begin(); b.isValid() && table == nullptr; b = b.next())
    table = QTextCursor(b).currentTable();
  REQUIRE(table != nullptr);
  CHECK(table->format().cellPadding() >= 8.0);
}
