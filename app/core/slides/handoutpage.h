// Handout pages (A4, in points): a page is filled, not a slide in its top third. Two slides a
// page, portrait, each with its speaker notes below it (the default), or one slide a page,
// landscape, with its notes set as large as the rest of the page allows (`--per-page 1`). A slide
// gives up some of its size (never below 60 % of the width) before its notes are cut.
#pragma once

#include "slides/deckposition.h"
#include "slides/slidepainter.h"

#include <QPageLayout>
#include <QPainter>
#include <QRectF>
#include <functional>
#include <vector>

namespace collscope::app::slides {

/// A4 in points: portrait for two slides a page, landscape for one.
QPageLayout::Orientation handoutOrientation(int perPage);
QSizeF handoutPageSize(int perPage);

/// The final steps of the slides grouped into pages of `perPage` (1 or 2) slides.
std::vector<std::vector<DeckPosition>> handoutPages(const std::vector<DeckPosition>& finals,
                                                    int perPage);

/// Where one slide and its notes go within `room`, and the notes' text size in points.
struct HandoutCell {
  QRectF slide;
  QRectF notes;
  double notesPixels = 10.0;
};
/// `canvasAspect` is the slide's width over its height; `notesHeight(width, pixels)` measures
/// the notes. With `fill`, the notes grow (up to 16 pt) to use the room below the slide, or
/// beside it where they come out larger there (a 4:3 slide on a landscape page).
HandoutCell placeHandoutCell(const QRectF& room, double canvasAspect, bool fill,
                             const std::function<double(double, double)>& notesHeight);

/// Paints one handout page: `slides` (one or two) stacked in `page` (A4 in points).
void paintHandoutPage(QPainter& painter, SlidePainter& slides, const QRectF& page,
                      const std::vector<DeckPosition>& onPage, int perPage);

} // namespace collscope::app::slides
