// The frame the tree, circulant, data and delay views share: white page, a title line, a
// subtitle line and a legend row of swatches at the bottom, in ViewStyle's fonts.
#pragma once

#include "paint/viewstyle.h"

#include <QColor>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <vector>

namespace collscope::app {

struct LegendEntry {
  QColor colour;
  QString text;
  bool dashed = false; ///< a dashed line instead of a swatch
};

/// Where the title line puts its two texts: never overlapping, both inside the line.
struct TitleLineLayout {
  QRectF title;
  QRectF state;
  QString titleText; ///< elided to fit
  QString stateText; ///< elided to fit (empty if no room at all)
  QFont titleFont;   ///< the style's, or on a slide smaller (never below its text floor)
  QFont stateFont;   ///< the style's label font, on a slide never larger than the title's
};
TitleLineLayout layoutTitleLine(const QRectF& line, const ViewStyle& style, const QString& title,
                                const QString& state);
/// The first line of a view: its title on the left, where the cursor stands (`state`) on the
/// right. On a narrow output the title keeps at least 55 % of the line and both are elided.
/// On a slide (a style with a text floor) a title is never cut: its font shrinks down to the
/// floor, then it drops what the figure shows anyway (the view's name, then p and the root),
/// and the state gives way to it (the slide's footer says the round).
void paintTitleLine(QPainter& painter, const QRectF& line, const ViewStyle& style,
                    const QString& title, const QString& state);
/// `text` in `width`: as it is if it fits; on a slide (a style with a text floor) cut after its
/// last whole clause that fits (at " · ", else "; ", ", ", " (", ": ") rather than mid-word, or
/// left out if none does; elsewhere elided.
QString fitLine(const QString& text, const QFontMetricsF& metrics, double width,
                const ViewStyle& style);
/// The smallest "round" stride k (1, 2, 4, 5, 8, 10, …) such that labelling every k-th of
/// items `spacing` pixels apart leaves `needed` pixels per label.
int labelStride(double spacing, double needed);
/// Diagonal hatching of `box`, clipped by hand (QSvgGenerator ignores clip regions).
void paintHatch(QPainter& painter, const QRectF& box, const QColor& colour, double spacing,
                double width);

/// Paints background, title line and subtitle; returns the area left below them.
QRectF paintViewHeader(QPainter& painter, const QRectF& target, const ViewStyle& style,
                       const QString& title, const QString& subtitle, const QString& state);
/// Paints a row (wrapping to more rows if needed) of entries at the bottom of `area`; returns
/// the area left above it.
QRectF paintViewLegend(QPainter& painter, const QRectF& area, const ViewStyle& style,
                       const std::vector<LegendEntry>& entries);

} // namespace collscope::app
