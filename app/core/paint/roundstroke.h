// A message drawn as a stroke along a path in its round's colour, at the playback cursor: the
// circulant view's chords, the hypercube view's edges and chords.
#pragma once

#include <QColor>
#include <QPainter>
#include <QPolygonF>

namespace collscope::app {

/// How a message is drawn at the cursor: faded (an earlier round), bold (the latest round),
/// plain (everything delivered, or a late message still travelling), ghost (not sent yet).
enum class StrokeEmphasis { faded, plain, bold, ghost };

struct RoundStroke {
  QColor colour;    ///< the round's colour
  double width = 3; ///< line width before emphasis
  double head = 14; ///< arrowhead length
  StrokeEmphasis emphasis = StrokeEmphasis::plain;
  double progress = 1.0; ///< 0 … 1: how far a message in flight got
  bool dashed = false;   ///< a message off the drawing's edges (the hypercube's chords)
  bool selected = false; ///< on a yellow halo
};

/// Paints `path` as `stroke` says: dashed grey for a ghost, the part travelled with a dot at
/// its head for a message in flight, a line with an arrowhead at the receiver once delivered.
/// Returns what was drawn (for hit tests): the whole path when delivered, else the part.
QPolygonF paintRoundStroke(QPainter& painter, const QPolygonF& path, const RoundStroke& stroke);

/// `colour` mixed towards `with` by `amount` (0 … 1).
QColor mixedColour(const QColor& colour, const QColor& with, double amount);

/// Light colours (the palette's sand) get a darker casing so that they read on white; others
/// none (an invalid colour).
QColor casingFor(const QColor& colour);

/// An arrowhead `head` long at the end of `path`, filled with `colour`, outlined if `outline`
/// is valid.
void paintArrowHead(QPainter& painter, const QPolygonF& path, double head, const QColor& colour,
                    const QColor& outline);

} // namespace collscope::app
