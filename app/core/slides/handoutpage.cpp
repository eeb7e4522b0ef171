#include "slides/handoutpage.h"

#include <QPageSize>
#include <algorithm>

namespace collscope::app::slides {

namespace {
constexpr double pageMargin = 36.0;
constexpr double cellGap = 22.0;
} // namespace

HandoutCell placeHandoutCell(const QRectF& room, double canvasAspect, bool fill,
                             const std::function<double(double, double)>& notesHeight) {
  constexpr double gap = 10.0, smallest = 8.0, body = 10.0, readable = 12.0, largest = 16.0;
  HandoutCell cell;
  const double fullWidth = room.width();
  const auto slideHeight = [&](double width) {
    return std::min(width / canvasAspect, room.height());
  };
  // Two a page: notes at 10 pt; the slide narrows (to 60 %) to make room, then the notes shrink.
  double width = std::min(fullWidth, room.height() * canvasAspect);
  double pixels = fill ? largest : body;
  const auto fits = [&](double w, double px) {
    const double h = notesHeight(room.width(), px);
    return h <= 0.0 || slideHeight(w) + gap + h <= room.height();
  };
  if (fill) {
    // The slide gives up width (to 60 %) for notes of 12 pt; what room is left makes the notes
    // larger (to 16 pt) rather than the slide: a slide a page is read with its notes.
    pixels = readable;
    while (width > 0.6 * fullWidth && !fits(width, pixels)) width -= 0.02 * fullWidth;
    while (pixels < largest && fits(width, pixels + 1.0)) pixels += 1.0;
  }
  while (width > 0.6 * fullWidth && !fits(width, pixels)) width -= 0.02 * fullWidth;
  while (pixels > smallest && !fits(width, pixels)) pixels -= 1.0;
  cell.notesPixels = pixels;
  cell.slide =
      QRectF(room.left() + (fullWidth - width) / 2.0, room.top(), width, slideHeight(width));
  cell.notes = QRectF(room.left(), cell.slide.bottom() + gap, fullWidth,
                      std::max(0.0, room.bottom() - cell.slide.bottom() - gap));
  if (!fill || pixels >= readable || room.height() * canvasAspect >= 0.95 * fullWidth) return cell;
  // One slide a page with long notes, where the slide is narrow for the page (4:3 on landscape
  // A4): the notes beside it, in a column, if they come out larger there.
  const double besideWidth = std::min(room.height() * canvasAspect, 0.62 * fullWidth);
  const double column = fullWidth - besideWidth - 2 * gap;
  double besidePixels = largest;
  while (besidePixels > smallest && notesHeight(column, besidePixels) > room.height())
    besidePixels -= 1.0;
  if (besidePixels <= pixels || notesHeight(column, besidePixels) > room.height()) return cell;
  cell.notesPixels = besidePixels;
  cell.slide = QRectF(room.left(), room.top(), besideWidth, slideHeight(besideWidth));
  cell.notes = QRectF(cell.slide.right() + 2 * gap, room.top(), column, room.height());
  return cell;
}

QPageLayout::Orientation handoutOrientation(int perPage) {
  return perPage == 1 ? QPageLayout::Landscape : QPageLayout::Portrait;
}

QSizeF handoutPageSize(int perPage) {
  const QSizeF portrait = QPageSize(QPageSize::A4).size(QPageSize::Point);
  return perPage == 1 ? portrait.transposed() : portrait;
}

std::vector<std::vector<DeckPosition>> handoutPages(const std::vector<DeckPosition>& finals,
                                                    int perPage) {
  std::vector<std::vector<DeckPosition>> pages;
  for (const DeckPosition& at : finals) {
    if (pages.empty() || static_cast<int>(pages.back().size()) >= std::max(1, perPage))
      pages.emplace_back();
    pages.back().push_back(at);
  }
  return pages;
}

void paintHandoutPage(QPainter& painter, SlidePainter& slides, const QRectF& page,
                      const std::vector<DeckPosition>& onPage, int perPage) {
  const int n = std::max(1, perPage);
  const QRectF inner = page.adjusted(pageMargin, pageMargin, -pageMargin, -pageMargin);
  const double height = (inner.height() - cellGap * (n - 1)) / n;
  const double aspect = slides.canvasWidth() / SlidePainter::canvasHeight;
  for (std::size_t i = 0; i < onPage.size(); ++i) {
    const QRectF room(inner.left(), inner.top() + static_cast<double>(i) * (height + cellGap),
                      inner.width(), height);
    const int slide = onPage[i].slide;
    const HandoutCell cell =
        placeHandoutCell(room, aspect, n == 1, [&](double width, double pixels) {
          return slides.notesHeight(slide, width, pixels);
        });
    slides.paint(painter, cell.slide, onPage[i]);
    painter.setPen(QPen(QColor(160, 160, 160), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(cell.slide);
    if (!cell.notes.isEmpty()) slides.paintNotes(painter, cell.notes, slide, cell.notesPixels);
    if (n > 1 && i + 1 < onPage.size()) {
      const double y = room.bottom() + cellGap / 2.0;
      painter.setPen(QPen(QColor(200, 200, 200), 0.75, Qt::DashLine));
      painter.drawLine(QPointF(inner.left(), y), QPointF(inner.right(), y));
    }
  }
}

} // namespace collscope::app::slides
