#include "slides/slidepainter.h"

#include "paint/viewcolors.h"
#include "paint/viewframe.h"
#include "slides/slidetext.h"

#include <QAbstractTextDocumentLayout>
#include <QDir>
#include <QRegularExpression>
#include <QStringList>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QTextTable>
#include <QUrl>
#include <cmath>
#include <vector>

namespace collscope::app::slides {

namespace {

constexpr double margin = 40.0;
constexpr double footerHeight = 30.0;
constexpr double gap = 20.0;
constexpr double bodyPixels = 28.0;
/// A slide of text alone may set its body larger, up to this, to fill the slide: the back row
/// of a lecture hall reads it, and the slide's lower half is not left empty.
constexpr double textOnlyPixels = 40.0;
/// Scenes keep at least this share of the canvas's height; text shrinks (never below 20 px)
/// before a figure gets smaller.
constexpr double sceneShare = 0.55;

QFont slideFont(double pixels, bool bold = false) {
  QFont f(QStringLiteral("DejaVu Sans"));
  f.setStyleHint(QFont::SansSerif);
  f.setPixelSize(static_cast<int>(std::lround(pixels)));
  f.setBold(bold);
  return f;
}

void setPixelSize(QTextDocument& doc, const QTextBlock& block, double pixels, bool bold) {
  // Each fragment keeps its own format (emphasis, code) with every size it carried replaced:
  // a merged pixel size loses against the point size Qt's Markdown reader gives headings.
  struct Span {
    int position, length;
    QTextCharFormat format;
  };
  std::vector<Span> spans;
  for (auto it = block.begin(); !it.atEnd(); ++it)
    spans.push_back({it.fragment().position(), it.fragment().length(), it.fragment().charFormat()});
  for (Span& span : spans) {
    span.format.clearProperty(QTextFormat::FontSizeAdjustment);
    span.format.clearProperty(QTextFormat::FontPointSize);
    span.format.setProperty(QTextFormat::FontPixelSize, static_cast<int>(std::lround(pixels)));
    if (bold) span.format.setFontWeight(QFont::Bold);
    QTextCursor cursor(&doc);
    cursor.setPosition(span.position);
    cursor.setPosition(span.position + span.length, QTextCursor::KeepAnchor);
    cursor.setCharFormat(span.format);
  }
}

// Images keep their aspect and fit the text width and half the canvas's height.
void fitImages(QTextDocument& doc, double width) {
  for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
    for (auto it = block.begin(); !it.atEnd(); ++it) {
      const QTextFragment fragment = it.fragment();
      if (!fragment.charFormat().isImageFormat()) continue;
      QTextImageFormat image = fragment.charFormat().toImageFormat();
      const QVariant data = doc.resource(QTextDocument::ImageResource, QUrl(image.name()));
      const QImage loaded = data.value<QImage>();
      QSizeF size = loaded.isNull() ? QSizeF() : QSizeF(loaded.size());
      if (size.isEmpty()) continue;
      size = size.scaled(QSizeF(std::min(width, size.width()),
                                std::min(SlidePainter::canvasHeight * 0.5, size.height())),
                         Qt::KeepAspectRatio);
      image.setWidth(size.width());
      image.setHeight(size.height());
      QTextCursor cursor(&doc);
      cursor.setPosition(fragment.position());
      cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
      cursor.setCharFormat(image);
    }
  }
}

bool isCode(const QTextCharFormat& format) {
  return format.fontFixedPitch() ||
         format.fontFamilies().toStringList().contains(QStringLiteral("monospace"));
}

// Formulas typed as in the seeds: "Σ_{i≠r} m_i", "min_{i≤k<j}", "2^{k}" become sub- and
// superscripts (braces for more than one character; a single letter or digit after a symbol
// needs none). Code keeps its underscores, and so do identifiers: a_b_c, MPI_Gather.
void typesetScripts(QTextDocument& doc) {
  static const QRegularExpression script(QStringLiteral(
      R"((?<=\S)([_^])\{([^{}\s][^{}]*)\}|(?<![_^][\p{L}\p{N}])(?<=[\p{L}\p{N})\]])([_^])([\p{L}\p{N}])(?![\p{L}\p{N}_]))"));
  for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
    if (block.blockFormat().nonBreakableLines()) continue;
    const QString text = block.text();
    std::vector<QRegularExpressionMatch> matches;
    for (auto it = script.globalMatch(text); it.hasNext();) matches.push_back(it.next());
    // From the end, so that earlier positions stay valid.
    for (auto m = matches.rbegin(); m != matches.rend(); ++m) {
      const bool braced = m->capturedLength(1) > 0;
      const QString mark = braced ? m->captured(1) : m->captured(3);
      const QString content = braced ? m->captured(2) : m->captured(4);
      QTextCursor cursor(&doc);
      cursor.setPosition(block.position() + static_cast<int>(m->capturedStart(0)) + 1);
      QTextCharFormat format = cursor.charFormat();
      if (isCode(format)) continue;
      cursor.setPosition(block.position() + static_cast<int>(m->capturedStart(0)));
      cursor.setPosition(block.position() + static_cast<int>(m->capturedEnd(0)),
                         QTextCursor::KeepAnchor);
      format.setVerticalAlignment(mark == QStringLiteral("_") ? QTextCharFormat::AlignSubScript
                                                              : QTextCharFormat::AlignSuperScript);
      cursor.insertText(content, format);
    }
  }
}

// Code keeps its lines: at the body size if they fit the width, smaller if not (never below
// `floor`), and wrapped where even the floor is too wide. Inline code is body size too (Qt's
// reader gives it a point size of its own, half the slide's text in the notes).
void fitCode(QTextDocument& doc, double pixels, double floor, double width) {
  double widest = 0.0;
  for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
    if (!block.blockFormat().nonBreakableLines() || block.text().isEmpty()) continue;
    QFont font =
        block.begin().atEnd() ? doc.defaultFont() : block.begin().fragment().charFormat().font();
    font.setPixelSize(static_cast<int>(std::lround(pixels)));
    widest = std::max(widest, QFontMetricsF(font).horizontalAdvance(block.text()));
  }
  double codePixels = pixels;
  if (widest > width) codePixels = std::max(floor, std::floor(pixels * width / widest));
  const bool wrap = widest * codePixels / pixels > width;
  for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
    const bool codeBlock = block.blockFormat().nonBreakableLines();
    if (block.blockFormat().headingLevel() > 0) continue;
    if (codeBlock) {
      setPixelSize(doc, block, codePixels, false);
      if (wrap) {
        QTextBlockFormat breakable;
        breakable.setNonBreakableLines(false);
        QTextCursor(block).mergeBlockFormat(breakable);
      }
      continue;
    }
    for (auto it = block.begin(); !it.atEnd(); ++it) {
      const QTextFragment fragment = it.fragment();
      QTextCharFormat format = fragment.charFormat();
      if (!isCode(format)) continue;
      format.clearProperty(QTextFormat::FontPointSize);
      format.clearProperty(QTextFormat::FontSizeAdjustment);
      format.setProperty(QTextFormat::FontPixelSize, static_cast<int>(std::lround(pixels)));
      QTextCursor cursor(&doc);
      cursor.setPosition(fragment.position());
      cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
      cursor.setCharFormat(format);
    }
  }
  if (wrap) {
    // Long identifiers break anywhere rather than run off the slide.
    QTextOption option = doc.defaultTextOption();
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    doc.setDefaultTextOption(option);
  }
}

// Tables get air in their cells and a thin rule, so columns do not run into each other.
void padTables(QTextDocument& doc, double pixels) {
  for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
    QTextTable* table = QTextCursor(block).currentTable();
    if (table == nullptr || table->firstPosition() != block.position()) continue;
    QTextTableFormat format = table->format();
    format.setCellPadding(pixels * 0.3);
    format.setCellSpacing(0);
    format.setBorder(1);
    format.setBorderCollapse(true);
    format.setBorderBrush(QColor(190, 190, 190));
    // A table of three columns or more spans the text's width: its columns spread instead of
    // leaving the slide's right part empty (two-column tables stay as narrow as their text).
    if (table->columns() >= 3) format.setWidth(QTextLength(QTextLength::PercentageLength, 100));
    table->setFormat(format);
  }
}

// Qt's Markdown reader inserts an image when its alt text arrives, so `![](x.png)` (no alt
// text) would draw nothing. Outside fenced code, an empty alt text becomes "figure".
QString withAltText(const QString& markdown) {
  QStringList lines = markdown.split(QLatin1Char('\n'));
  bool fenced = false;
  for (QString& line : lines) {
    const QString trimmed = line.trimmed();
    if (trimmed.startsWith(QStringLiteral("```")) || trimmed.startsWith(QStringLiteral("~~~")))
      fenced = !fenced;
    else if (!fenced)
      line.replace(QStringLiteral("![]("), QStringLiteral("![figure]("));
  }
  return lines.join(QLatin1Char('\n'));
}

} // namespace

std::unique_ptr<QTextDocument> markdownDocument(const QString& markdown, const QString& directory,
                                                double pixels, double width) {
  auto doc = std::make_unique<QTextDocument>();
  doc->setDefaultFont(slideFont(pixels));
  doc->setDocumentMargin(0);
  doc->setBaseUrl(QUrl::fromLocalFile(QDir(directory).absolutePath() + QLatin1Char('/')));
  doc->setMarkdown(keepTogether(withAltText(markdown)), QTextDocument::MarkdownDialectGitHub);
  // Qt sizes headings relative to a point size; the slides fix them in pixels instead.
  static constexpr double headingScale[] = {1.0, 1.55, 1.3, 1.12, 1.0, 1.0, 1.0};
  for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
    const QTextBlockFormat current = block.blockFormat();
    const int level = std::clamp(current.headingLevel(), 0, 6);
    if (level > 0) setPixelSize(*doc, block, pixels * headingScale[level], true);
    // Paragraphs and headings get air below them; list items and code lines stay together.
    QTextBlockFormat spacing;
    const bool code = current.nonBreakableLines();
    const QTextBlock next = block.next();
    const bool codeContinues = code && next.isValid() && next.blockFormat().nonBreakableLines();
    if (code) spacing.setBackground(QColor(242, 242, 242));
    const bool listContinues =
        block.textList() && next.isValid() && next.textList() == block.textList();
    if (!listContinues && !codeContinues) spacing.setBottomMargin(pixels * 0.45);
    QTextCursor cursor(block);
    cursor.mergeBlockFormat(spacing);
  }
  fitImages(*doc, width);
  typesetScripts(*doc);
  fitCode(*doc, pixels, std::min(pixels, SlidePainter::minimumFontPixels), width);
  padTables(*doc, pixels);
  doc->setTextWidth(width);
  return doc;
}

double SlidePainter::canvasWidth() const {
  return m_library.deck().canvasWidth;
}

QRectF SlidePainter::canvasRect(const QRectF& target) const {
  const QSizeF size =
      QSizeF(canvasWidth(), canvasHeight).scaled(target.size(), Qt::KeepAspectRatio);
  return {target.center() - QPointF(size.width(), size.height()) / 2.0, size};
}

std::unique_ptr<QTextDocument> SlidePainter::textDocument(int slide, double pixels, double width,
                                                          TextPart part) const {
  const Deck& deck = m_library.deck();
  const Slide& s = deck.slides[static_cast<std::size_t>(slide)];
  return markdownDocument(part == TextPart::above ? s.markdown : s.markdownBelow, deck.directory,
                          pixels, width);
}

void SlidePainter::drawDocument(QPainter& painter, QTextDocument& document, const QRectF& area) {
  painter.save();
  painter.translate(area.topLeft());
  const QRectF clip(0, 0, area.width(), area.height());
  painter.setClipRect(clip);
  QAbstractTextDocumentLayout::PaintContext context;
  context.clip = clip;
  context.palette.setColor(QPalette::Text, palette::ink);
  document.documentLayout()->draw(&painter, context);
  painter.restore();
}

SlideLayout SlidePainter::layout(int index) const {
  const Slide& slide = m_library.deck().slides[static_cast<std::size_t>(index)];
  const double width = canvasWidth() - 2 * margin;
  const double bottom = canvasHeight - footerHeight;
  const double textRoom =
      slide.scenes.empty() ? bottom - margin : (bottom - margin) * (1.0 - sceneShare) - gap;
  // The largest body size from 28 px (40 px on a slide of text alone) down to 20 px at which
  // the text above and below the
  // scenes fits its room.
  SlideLayout placed;
  double aboveHeight = 0.0, belowHeight = 0.0;
  const double largest = slide.scenes.empty() && index > 0 ? textOnlyPixels : bodyPixels;
  for (double pixels = largest; pixels >= minimumFontPixels; pixels -= 2.0) {
    placed.pixels = pixels;
    aboveHeight =
        slide.markdown.isEmpty() ? 0.0 : textDocument(index, pixels, width)->size().height();
    belowHeight = slide.markdownBelow.isEmpty()
                      ? 0.0
                      : textDocument(index, pixels, width, TextPart::below)->size().height();
    if (aboveHeight + belowHeight + (belowHeight > 0 ? gap : 0.0) <= textRoom) break;
  }
  // A slide of text alone that is short (a title slide) stands in the middle.
  const double textTop = slide.scenes.empty() && index == 0
                             ? std::max(margin, (canvasHeight - aboveHeight) / 2.0)
                             : margin * 0.75;
  if (aboveHeight > 0) placed.above = QRectF(margin, textTop, width, aboveHeight);
  double scenesBottom = bottom;
  if (belowHeight > 0) {
    // Below the scenes, at the foot of the slide; without scenes, after the text above.
    const double belowTop = slide.scenes.empty()
                                ? textTop + aboveHeight + (aboveHeight > 0 ? gap : 0.0)
                                : bottom - belowHeight;
    placed.below = QRectF(margin, belowTop, width, std::min(belowHeight, bottom - belowTop));
    scenesBottom = belowTop - gap;
  }
  if (!slide.scenes.empty()) {
    const double top = textTop + aboveHeight + (aboveHeight > 0 ? gap : 0.0);
    const int n = static_cast<int>(slide.scenes.size());
    const double cellWidth = (width - gap * (n - 1)) / n;
    for (int c = 0; c < n; ++c)
      placed.scenes.emplace_back(margin + c * (cellWidth + gap), top, cellWidth,
                                 scenesBottom - top);
  }
  return placed;
}

void SlidePainter::paint(QPainter& painter, const QRectF& target, DeckPosition at) {
  const Deck& deck = m_library.deck();
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.setRenderHint(QPainter::TextAntialiasing, true);
  const QRectF canvas = canvasRect(target);
  painter.translate(canvas.topLeft());
  painter.scale(canvas.width() / canvasWidth(), canvas.height() / canvasHeight);
  painter.fillRect(QRectF(0, 0, canvasWidth(), canvasHeight), Qt::white);
  if (at.slide < 0 || at.slide >= static_cast<int>(deck.slides.size())) {
    painter.restore();
    return;
  }
  m_library.showStep(at);

  const SlideLayout placed = layout(at.slide);
  if (!placed.above.isEmpty())
    drawDocument(painter, *textDocument(at.slide, placed.pixels, placed.above.width()),
                 placed.above);
  if (!placed.below.isEmpty())
    drawDocument(painter,
                 *textDocument(at.slide, placed.pixels, placed.below.width(), TextPart::below),
                 placed.below);
  for (std::size_t c = 0; c < placed.scenes.size(); ++c)
    paintScene(painter, placed.scenes[c], at.slide, static_cast<int>(c));

  const double width = canvasWidth() - 2 * margin;
  const double bottom = canvasHeight - footerHeight;
  painter.setFont(slideFont(minimumFontPixels));
  painter.setPen(QColor(110, 110, 110));
  const QRectF footer(margin, bottom, width, footerHeight - 4);
  painter.drawText(footer, Qt::AlignRight | Qt::AlignVCenter,
                   QStringLiteral("%1 / %2").arg(at.slide + 1).arg(deck.slides.size()));
  const QString rounds = m_library.roundText(at);
  if (!rounds.isEmpty()) painter.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter, rounds);
  painter.restore();
}

void SlidePainter::paintScene(QPainter& painter, const QRectF& cell, int slide, int sceneIndex) {
  const Deck& deck = m_library.deck();
  const Scene& scene =
      deck.slides[static_cast<std::size_t>(slide)].scenes[static_cast<std::size_t>(sceneIndex)];
  SceneState& state = m_library.state(slide, sceneIndex);
  QRectF figure = cell;
  if (!scene.caption.isEmpty()) {
    const QFont font = slideFont(22.0);
    const double height = QFontMetricsF(font).lineSpacing() + 6;
    figure.setBottom(cell.bottom() - height);
    painter.setFont(font);
    painter.setPen(palette::ink);
    const QRectF line(cell.left(), figure.bottom() + 4, cell.width(), height - 4);
    painter.drawText(line, Qt::AlignHCenter | Qt::AlignTop,
                     QFontMetricsF(font).elidedText(scene.caption, Qt::ElideRight, line.width()));
  }
  switch (state.status) {
  case SceneState::Status::failed:
    paintMessage(painter, figure,
                 QStringLiteral("This scene cannot be shown — %1:%2")
                     .arg(QFileInfo(deck.path).fileName())
                     .arg(scene.line),
                 state.message, palette::vermillion);
    return;
  case SceneState::Status::waiting:
  case SceneState::Status::recording:
    paintMessage(painter, figure,
                 state.status == SceneState::Status::recording ? QStringLiteral("Recording …")
                                                               : QStringLiteral("Waiting …"),
                 state.message, palette::skyBlue);
    return;
  case SceneState::Status::ready:
    break;
  }
  if (state.statistics) {
    paintStats(painter, figure, state, scene.axis == AxisMode::time);
    return;
  }
  painter.save();
  painter.translate(figure.topLeft());
  // Narrow cells (scenes side by side) zoom less: the figure needs room as much as large type.
  const double zoom = std::clamp(figure.width() / narrowLogicalWidth, narrowZoom, sceneZoom);
  painter.scale(zoom, zoom);
  const QRect logical(0, 0, static_cast<int>(figure.width() / zoom),
                      static_cast<int>(figure.height() / zoom));
  painter.setClipRect(logical);
  painter.fillRect(logical, Qt::white);
  // The view's labels sized to its own layout (a tree's edge labels, the delays' rank names)
  // come out at the slide's minimum too; those that then do not fit are dropped or thinned.
  state.view->setMinimumTextPixels(std::ceil(minimumFontPixels / zoom));
  state.view->render(painter, logical, *state.playback);
  painter.restore();
}

void SlidePainter::paintStats(QPainter& painter, const QRectF& cell, SceneState& state,
                              bool measured) {
  StatisticsModel& model = *state.statistics;
  painter.save();
  painter.setClipRect(cell);
  const QFont label = slideFont(minimumFontPixels);
  const QFont value = slideFont(minimumFontPixels, true);
  const QFont title = slideFont(24.0, true);
  ViewStyle slideStyle; // values are cut by clauses, never in mid-word
  slideStyle.minimumTextPixels = minimumFontPixels;
  const double line = QFontMetricsF(label).lineSpacing() + 4;
  painter.setPen(palette::ink);
  painter.setFont(title);
  const QRectF head(cell.left(), cell.top(), cell.width(), QFontMetricsF(title).lineSpacing());
  painter.drawText(
      head, Qt::AlignLeft | Qt::AlignVCenter,
      QFontMetricsF(title).elidedText(state.document->title(), Qt::ElideRight, head.width()));
  double y = head.bottom() + 8;
  const double split = cell.left() + cell.width() * 0.45;
  int shown = 0;
  for (int r = 0; r < model.rowCount() && y + line <= cell.bottom(); ++r) {
    const QString quantity = model.data(model.index(r, StatisticsModel::Quantity)).toString();
    // Times this machine measured (8 processes on 2 cores) stay off a slide beside the model's
    // figures, unless the scene asks for measured time (axis: time).
    if (!measured && (quantity.startsWith(QStringLiteral("Run duration")) ||
                      quantity.startsWith(QStringLiteral("Critical path")) ||
                      quantity.startsWith(QStringLiteral("Blocked in receives"))))
      continue;
    const QString text = model.data(model.index(r, StatisticsModel::Value)).toString();
    if (shown++ % 2 == 0)
      painter.fillRect(QRectF(cell.left(), y, cell.width(), line), QColor(244, 244, 244));
    painter.setFont(label);
    painter.drawText(
        QRectF(cell.left() + 6, y, split - cell.left() - 12, line),
        Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetricsF(label).elidedText(quantity, Qt::ElideRight, split - cell.left() - 12));
    painter.setFont(value);
    painter.drawText(QRectF(split, y, cell.right() - split - 6, line),
                     Qt::AlignLeft | Qt::AlignVCenter,
                     fitLine(text.section(QLatin1Char('\n'), 0, 0), QFontMetricsF(value),
                             cell.right() - split - 6, slideStyle));
    y += line;
  }
  painter.restore();
}

void SlidePainter::paintMessage(QPainter& painter, const QRectF& cell, const QString& heading,
                                const QString& text, const QColor& accent) {
  painter.save();
  painter.setPen(QPen(accent, 4));
  painter.setBrush(palette::withAlpha(accent, 25));
  const QRectF box = cell.adjusted(2, 2, -2, -2);
  painter.drawRoundedRect(box, 8, 8);
  painter.setPen(palette::ink);
  const QRectF inner = box.adjusted(18, 14, -18, -14);
  const QFont bold = slideFont(24.0, true);
  painter.setFont(bold);
  const double headHeight = QFontMetricsF(bold).lineSpacing() * 2.2;
  painter.drawText(QRectF(inner.topLeft(), QSizeF(inner.width(), headHeight)),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, heading);
  painter.setFont(slideFont(minimumFontPixels));
  painter.drawText(inner.adjusted(0, headHeight, 0, 0),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
  painter.restore();
}

double SlidePainter::notesHeight(int slide, double width, double pixels) const {
  const Deck& deck = m_library.deck();
  if (slide < 0 || slide >= static_cast<int>(deck.slides.size())) return 0.0;
  const QString notes = deck.slides[static_cast<std::size_t>(slide)].notes;
  if (notes.isEmpty()) return 0.0;
  return markdownDocument(notes, deck.directory, pixels, width)->size().height();
}

double SlidePainter::paintNotes(QPainter& painter, const QRectF& target, int slide, double pixels) {
  const Deck& deck = m_library.deck();
  if (slide < 0 || slide >= static_cast<int>(deck.slides.size())) return 0.0;
  const QString notes = deck.slides[static_cast<std::size_t>(slide)].notes;
  if (notes.isEmpty()) return 0.0;
  const auto doc = markdownDocument(notes, deck.directory, pixels, target.width());
  drawDocument(painter, *doc, target);
  return std::min(target.height(), doc->size().height());
}

} // namespace collscope::app::slides
