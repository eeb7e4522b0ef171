// Every slide of every deck in slides/, rendered offscreen at 16:9 and 4:3, checked for its
// geometry: no text box overlaps another or a scene, no table is wider than its slide, and no
// slide leaves more than 45 % of its height blank (a title slide, centred by design, aside).
// And the handouts fill their pages: a page of deck 09 has content over at least 60 % of its
// height. Scenes are not recorded: a scene's cell is drawn as its "Waiting …" box, which fills
// the cell as the figure does — the test is about where things go, not what the runs show.
#include "app_fixtures.h"
#include "slides/deck.h"
#include "slides/handoutpage.h"
#include "slides/scenelibrary.h"
#include "slides/slidepainter.h"
#include "slides/slidetext.h"

#include <QAbstractTextDocumentLayout>
#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QTextBlock>
#include <QTextLayout>
#include <QTextTable>
#include <catch2/catch.hpp>

using namespace collscope::app::slides;

namespace {

constexpr double renderScale = 0.5; // half size: every slide, quickly
constexpr double footer = 30.0;     // the slide number's band, always drawn

QStringList deckFiles() {
  const QDir decks(collscope::apptest::slidesDirectory());
  QStringList files;
  for (const QString& f : decks.entryList({QStringLiteral("[0-9]*.md")}, QDir::Files))
    files << decks.filePath(f);
  return files;
}

/// Share of the rows in [top, bottom) of `image` with no ink within `reach` rows: text lines
/// close together count as filled, an empty band as blank.
double blankShare(const QImage& image, int top, int bottom, int reach) {
  std::vector<char> ink(static_cast<std::size_t>(image.height()), 0);
  for (int y = top; y < bottom; ++y) {
    const auto* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
    for (int x = 0; x < image.width(); ++x)
      if (qGray(row[x]) < 235) {
        ink[static_cast<std::size_t>(y)] = 1;
        break;
      }
  }
  int blank = 0;
  for (int y = top; y < bottom; ++y) {
    bool near = false;
    for (int d = -reach; d <= reach && !near; ++d)
      near = y + d >= top && y + d < bottom && ink[static_cast<std::size_t>(y + d)];
    if (!near) ++blank;
  }
  return static_cast<double>(blank) / (bottom - top);
}

/// The widest table of `doc` as laid out (0 without tables).
double widestTable(QTextDocument& doc) {
  (void)doc.size();
  double widest = 0.0;
  for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
    if (QTextTable* table = QTextCursor(b).currentTable())
      widest = std::max(widest, doc.documentLayout()->frameBoundingRect(table).width());
  return widest;
}

} // namespace

TEST_CASE("every slide of every deck keeps its geometry at 16:9 and 4:3", "[slides][geometry]") {
  const QStringList files = deckFiles();
  REQUIRE(files.size() >= 10);
  QElapsedTimer clock;
  clock.start();
  int slides = 0;
  for (const double canvasWidth : {wideCanvasWidth, narrowCanvasWidth}) {
    for (const QString& file : files) {
      Deck deck = loadDeck(file);
      deck.canvasWidth = canvasWidth;
      SceneLibrary library(deck);
      SlidePainter painter(library);
      const DeckSteps steps = library.steps();
      QImage image(static_cast<int>(canvasWidth * renderScale),
                   static_cast<int>(SlidePainter::canvasHeight * renderScale),
                   QImage::Format_RGB32);
      for (int s = 0; s < static_cast<int>(deck.slides.size()); ++s, ++slides) {
        INFO(QFileInfo(file).fileName().toStdString()
             << " slide " << s + 1 << " at " << canvasWidth << "x768");
        const SlideLayout placed = painter.layout(s);
        // Text boxes and scene cells: inside the slide, none over another.
        std::vector<QRectF> boxes;
        if (!placed.above.isEmpty()) boxes.push_back(placed.above);
        if (!placed.below.isEmpty()) boxes.push_back(placed.below);
        for (const QRectF& cell : placed.scenes) boxes.push_back(cell);
        for (std::size_t i = 0; i < boxes.size(); ++i) {
          CHECK(boxes[i].left() >= 0.0);
          CHECK(boxes[i].right() <= canvasWidth + 0.5);
          CHECK(boxes[i].bottom() <= SlidePainter::canvasHeight - footer + 0.5);
          for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            const QRectF both = boxes[i].intersected(boxes[j]);
            CHECK((both.width() < 0.5 || both.height() < 0.5));
          }
        }
        // The text fits its box (else it runs into the next one), tables fit the slide.
        for (const auto part : {SlidePainter::TextPart::above, SlidePainter::TextPart::below}) {
          const QRectF& area = part == SlidePainter::TextPart::above ? placed.above : placed.below;
          if (area.isEmpty()) continue;
          const auto doc = painter.textDocument(s, placed.pixels, area.width(), part);
          CHECK(doc->size().height() <= area.height() + 0.5);
          CHECK(widestTable(*doc) <= area.width() + 1.5); // its right rule may touch the edge
        }
        // Rendered: no more than 45 % of the height above the footer blank.
        image.fill(Qt::white);
        QPainter p(&image);
        painter.paint(p, QRectF(image.rect()), DeckPosition{s, steps.steps(s) - 1});
        p.end();
        if (qEnvironmentVariableIsSet("COLLSCOPE_GEOMETRY_PNG"))
          image.save(QStringLiteral("%1/%2-%3-%4.png")
                         .arg(qEnvironmentVariable("COLLSCOPE_GEOMETRY_PNG"),
                              QFileInfo(file).baseName().left(2))
                         .arg(s + 1, 2, 10, QLatin1Char('0'))
                         .arg(static_cast<int>(canvasWidth)));
        if (s == 0 && placed.scenes.empty()) continue; // the title slide stands in the middle
        const int bottom = static_cast<int>((SlidePainter::canvasHeight - footer) * renderScale);
        CHECK(blankShare(image, 0, bottom, static_cast<int>(14 * renderScale)) <= 0.45);
      }
    }
  }
  CHECK(slides > 100);
  WARN("rendered " << slides << " slides in " << clock.elapsed() << " ms");
}

TEST_CASE("a handout page of deck 09 is filled, two slides a page or one", "[slides][geometry]") {
  Deck deck =
      loadDeck(collscope::apptest::slidesDirectory() + QStringLiteral("/09-hierarchical.md"));
  REQUIRE(deck.errors.empty());
  SceneLibrary library(deck);
  SlidePainter painter(library);
  for (const int perPage : {2, 1}) {
    INFO(perPage << " slides a page");
    const QSizeF a4 = handoutPageSize(perPage);
    const QSize size(512, qRound(512 * a4.height() / a4.width()));
    const auto pages = handoutPages(library.steps().finals(), perPage);
    const std::size_t slideCount = library.steps().finals().size();
    REQUIRE(slideCount >= 3);
    REQUIRE(pages.size() == (slideCount + perPage - 1) / perPage);
    // The first page (slides 1 and 2, or the title slide alone) and the third.
    for (const std::size_t page : {std::size_t{0}, std::size_t{2}}) {
      QImage image(size, QImage::Format_RGB32);
      image.fill(Qt::white);
      QPainter p(&image);
      p.scale(size.width() / a4.width(), size.width() / a4.width());
      paintHandoutPage(p, painter, QRectF(QPointF(0, 0), a4), pages[page], perPage);
      p.end();
      int last = 0;
      for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
          if (qGray(image.pixel(x, y)) < 235) {
            last = y;
            break;
          }
      INFO("page " << page + 1 << ": content down to " << last << " of " << image.height());
      CHECK(static_cast<double>(last) / image.height() >= 0.6);
    }
  }
}

TEST_CASE("a number keeps its unit and a code span keeps together", "[slides]") {
  const QString text =
      keepTogether(QStringLiteral("binomial 22.2 µs, 17.2 µs and 8 kB; run `mpirun -np 8 "
                                  "collscope-run` now\n\n```\na -np 8\n```"));
  CHECK(text.contains(QStringLiteral("17.2\u00a0µs")));
  CHECK(text.contains(QStringLiteral("8\u00a0kB")));
  CHECK(
      keepTogether(QStringLiteral("3(α + βm) (m = 4 000 bytes), p = 8 and 2 = 2")) ==
      QStringLiteral("3(α + βm) (m\u00a0=\u00a04\u00a0000\u00a0bytes), p\u00a0=\u00a08 and 2 = 2"));
  CHECK(text.contains(QStringLiteral("`mpirun\u00a0-\u2060np\u00a08\u00a0collscope-\u2060run`")));
  CHECK(keepTogether(QStringLiteral("`broken/linear.cpp`")) ==
        QStringLiteral("`broken/\u2060linear.\u2060cpp`"));
  CHECK(text.endsWith(QStringLiteral("```\na -np 8\n```"))); // fenced code as typed
  // Laid out narrow, the line breaks between words but never inside the span or the unit.
  const auto doc = markdownDocument(QStringLiteral("p = 8, m = 32 000 bytes: allgather 17.2 µs "
                                                   "with `--count 1000 -np 8` runs"),
                                    QDir::tempPath(), 28.0, 420.0);
  (void)doc->size();
  int lines = 0;
  for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
    const QTextLayout* layout = b.layout();
    for (int i = 0; i < layout->lineCount(); ++i, ++lines) {
      const QString line =
          b.text().mid(layout->lineAt(i).textStart(), layout->lineAt(i).textLength()).trimmed();
      INFO("line " << line.toStdString());
      CHECK_FALSE(line.startsWith(QStringLiteral("µs")));
      CHECK_FALSE(line.startsWith(QStringLiteral("np")));
      CHECK_FALSE(line.endsWith(QStringLiteral("-")));
    }
  }
  CHECK(lines > 2);
}
