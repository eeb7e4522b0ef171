#include "slides/slidesexport.h"

#include "slides/handoutpage.h"
#include "slides/scenelibrary.h"
#include "slides/slidepainter.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>

namespace collscope::app::slides {

namespace {

// A slide page is the canvas in points (72 dpi: one canvas pixel per point), so the PDF
// is the presented slide exactly; a handout page is A4 (portrait for two slides a page,
// landscape for one: the slide then fills most of it).
constexpr int pdfResolution = 72;

// A page: one step of the deck, or (handouts) the final steps of one or two slides.
using Pages = std::vector<std::vector<DeckPosition>>;

QString writePdf(SlidePainter& slides, const Pages& pages, const QString& path, int perPage) {
  const bool handout = perPage > 0;
  QDir().mkpath(QFileInfo(path).absolutePath());
  QPdfWriter writer(path);
  writer.setResolution(pdfResolution);
  writer.setCreator(QStringLiteral("collscope"));
  writer.setPageMargins(QMarginsF(0, 0, 0, 0));
  if (handout)
    writer.setPageLayout(
        QPageLayout(QPageSize(QPageSize::A4), handoutOrientation(perPage), QMarginsF(0, 0, 0, 0)));
  else
    writer.setPageSize(QPageSize(
        QSize(static_cast<int>(slides.canvasWidth()), static_cast<int>(SlidePainter::canvasHeight)),
        QStringLiteral("Slide"), QPageSize::ExactMatch));
  QPainter painter;
  if (!painter.begin(&writer)) return QStringLiteral("cannot write %1").arg(path);
  const QRectF page(0, 0, writer.width(), writer.height());
  for (std::size_t i = 0; i < pages.size(); ++i) {
    if (i > 0) writer.newPage();
    if (handout)
      paintHandoutPage(painter, slides, page, pages[i], perPage);
    else
      slides.paint(painter, page, pages[i].front());
  }
  painter.end();
  if (!QFileInfo(path).isFile() || QFileInfo(path).size() == 0)
    return QStringLiteral("cannot write %1").arg(path);
  return {};
}

QString writePngs(SlidePainter& slides, const Pages& pages, const QString& directory, int perPage) {
  const bool handout = perPage > 0;
  if (!QDir().mkpath(directory)) return QStringLiteral("cannot create %1").arg(directory);
  // Handout pages: A4 in points (as in the PDF), 1024 pixels wide.
  const QSizeF a4 = handoutPageSize(std::max(perPage, 1));
  const QSize size = handout
                         ? QSize(1024, qRound(1024 * a4.height() / a4.width()))
                         : QSize(qRound(slides.canvasWidth()), qRound(SlidePainter::canvasHeight));
  for (std::size_t i = 0; i < pages.size(); ++i) {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    if (handout) {
      painter.scale(size.width() / a4.width(), size.width() / a4.width());
      paintHandoutPage(painter, slides, QRectF(QPointF(0, 0), a4), pages[i], perPage);
    } else
      slides.paint(painter, QRectF(QPointF(0, 0), QSizeF(size)), pages[i].front());
    painter.end();
    const QString name = QDir(directory).filePath(
        QStringLiteral("page-%1.png").arg(static_cast<int>(i) + 1, 3, 10, QLatin1Char('0')));
    if (!image.save(name, "PNG")) return QStringLiteral("cannot write %1").arg(name);
  }
  return {};
}

} // namespace

QString slidesUsage() {
  return QStringLiteral(
      "usage: collscope present DECK [--aspect 16:9|4:3] [--rerecord] [--window]\n"
      "       collscope slides DECK (--pdf OUT.pdf | --png DIR) [--aspect 16:9|4:3]\n"
      "                        [--handout [--per-page 2|1]] [--rerecord]\n"
      "\n"
      "DECK is a Markdown deck (slides/README.md describes the format).\n"
      "  present      full-screen audience view and presenter view; Right/Space/PageDown step\n"
      "               the rounds, then the slides; Left/PageUp back; N Enter jumps to slide N;\n"
      "               B blanks; F full screen; P presenter view; R records the slide's runs again\n"
      "  --pdf OUT    vector PDF, one page per step (each round of a stepping scene)\n"
      "  --png DIR    one PNG per page (DIR/page-001.png …), 1366x768 (1024x768 at 4:3)\n"
      "  --aspect A   16:9 (default, a 1366x768 canvas) or 4:3 (1024x768) for older projectors\n"
      "  --handout    A4 pages of the slides at their final steps with their speaker notes:\n"
      "               two slides a page, portrait (default), or --per-page 1: one slide a\n"
      "               page, landscape, with its notes set large enough to fill it\n"
      "  --rerecord   record every scene's run again instead of using the cache\n"
      "  --window     present in a window, not full screen\n"
      "Runs are recorded with mpirun and collscope-run, cached in ~/.cache/collscope/scenes.\n"
      "Exit status: 0 ok; 1 the deck has errors (printed as DECK:LINE; pages still written) or\n"
      "writing failed; 2 bad command line or unreadable deck.\n");
}

SlidesOptions parseSlidesArguments(const QStringList& arguments, bool present) {
  SlidesOptions o;
  bool perPageGiven = false;
  const auto fail = [&o](const QString& message) {
    if (o.error.isEmpty()) o.error = message;
  };
  for (qsizetype i = 0; i < arguments.size(); ++i) {
    const QString& arg = arguments[i];
    const auto value = [&]() -> QString {
      if (i + 1 >= arguments.size() || arguments[i + 1].isEmpty()) {
        fail(QStringLiteral("%1 needs a value").arg(arg));
        return {};
      }
      return arguments[++i];
    };
    if (arg == QStringLiteral("-h") || arg == QStringLiteral("--help"))
      o.help = true;
    else if (arg == QStringLiteral("--rerecord"))
      o.rerecord = true;
    else if (arg == QStringLiteral("--aspect")) {
      const QString a = value();
      if (a == QStringLiteral("16:9"))
        o.canvasWidth = wideCanvasWidth;
      else if (a == QStringLiteral("4:3"))
        o.canvasWidth = narrowCanvasWidth;
      else if (!a.isEmpty())
        fail(QStringLiteral("--aspect takes 16:9 or 4:3, got '%1'").arg(a));
    } else if (!present && arg == QStringLiteral("--pdf"))
      o.pdf = value();
    else if (!present && arg == QStringLiteral("--png"))
      o.pngDirectory = value();
    else if (!present && arg == QStringLiteral("--handout"))
      o.handout = true;
    else if (!present && arg == QStringLiteral("--per-page")) {
      const QString n = value();
      if (n == QStringLiteral("1") || n == QStringLiteral("2"))
        o.perPage = n.toInt();
      else if (!n.isEmpty())
        fail(QStringLiteral("--per-page takes 1 or 2, got '%1'").arg(n));
      perPageGiven = true;
    } else if (present && arg == QStringLiteral("--window"))
      o.window = true;
    else if (arg.startsWith(QLatin1Char('-')) && arg.size() > 1)
      fail(QStringLiteral("unknown option '%1' (see collscope %2 --help)")
               .arg(arg, present ? QStringLiteral("present") : QStringLiteral("slides")));
    else if (o.deck.isEmpty())
      o.deck = arg;
    else
      fail(QStringLiteral("one DECK only, got '%1' and '%2'").arg(o.deck, arg));
  }
  if (o.help) return o;
  if (o.deck.isEmpty()) fail(QStringLiteral("name the DECK (a slides/….md file)"));
  if (perPageGiven && !o.handout) fail(QStringLiteral("--per-page needs --handout"));
  if (!present && o.pdf.isEmpty() && o.pngDirectory.isEmpty())
    fail(QStringLiteral("slides: give --pdf OUT.pdf or --png DIR"));
  if (!o.pdf.isEmpty() && !o.pdf.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive))
    fail(QStringLiteral("--pdf: '%1' must end in .pdf").arg(o.pdf));
  return o;
}

int runSlidesExport(const SlidesOptions& options, QTextStream& out, QTextStream& err) {
  Deck deck = loadDeck(options.deck);
  deck.canvasWidth = options.canvasWidth;
  if (deck.slides.empty()) {
    for (const QString& line : deck.errorLines()) err << "collscope: error: " << line << "\n";
    return 2;
  }
  SceneLibrary library(deck);
  QObject::connect(&library, &SceneLibrary::changed, &library, [&] {
    const QString progress = library.progressText();
    if (!progress.isEmpty()) err << "collscope: " << progress << "\n" << Qt::flush;
  });
  library.prepare(options.rerecord);
  library.waitUntilDone();
  std::vector<DeckError> errors = deck.errors;
  for (const DeckError& e : library.runErrors()) errors.push_back(e);
  std::stable_sort(errors.begin(), errors.end(),
                   [](const DeckError& a, const DeckError& b) { return a.line < b.line; });
  for (const DeckError& e : errors)
    err << "collscope: error: " << deck.path << ":" << e.line << ": " << e.message << "\n";

  SlidePainter painter(library);
  const DeckSteps steps = library.steps();
  Pages pages;
  if (options.handout)
    pages = handoutPages(steps.finals(), options.perPage);
  else
    for (const DeckPosition& at : steps.all()) pages.push_back({at});
  const int perPage = options.handout ? options.perPage : 0;
  for (const auto& [target, write] :
       {std::pair{options.pdf, &writePdf}, std::pair{options.pngDirectory, &writePngs}}) {
    if (target.isEmpty()) continue;
    const QString problem = write(painter, pages, target, perPage);
    if (!problem.isEmpty()) {
      err << "collscope: " << problem << "\n";
      return 1;
    }
    out << "wrote " << target << " (" << pages.size() << " pages, " << deck.slides.size()
        << " slides" << (options.handout ? ", handout" : "") << ")\n";
  }
  return errors.empty() ? 0 : 1;
}

} // namespace collscope::app::slides
