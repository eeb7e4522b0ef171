// Colours the tree, circulant, data and delay views share, so that round 2 or rank 5 has the
// same colour in every view. Fonts and strokes come from ViewStyle::forSize.
#pragma once

#include <QColor>
#include <array>

namespace collscope::app {

/// The named colours every view draws with, so that one meaning has one colour everywhere.
namespace palette {
inline const QColor blue{0, 114, 178};            ///< Okabe–Ito blue: sends, bytes moved
inline const QColor skyBlue{86, 180, 233};        ///< Okabe–Ito sky blue: receives, data held
inline const QColor yellow{240, 228, 66};         ///< Okabe–Ito yellow: selection halo
inline const QColor purple{120, 40, 140};         ///< the critical path
inline const QColor ink{20, 20, 20};              ///< text and outlines
inline const QColor secondaryInk{90, 90, 90};     ///< captions, quiet outlines
inline const QColor mutedInk{120, 120, 120};      ///< tick marks, minor markers
inline const QColor pending{175, 175, 175};       ///< what has not happened yet
inline const QColor paper{248, 248, 248};         ///< the background of an empty slot
inline const QColor bluishGreen{0, 158, 115};     ///< Okabe–Ito: a two-tree's upper tree
inline const QColor reddishPurple{204, 121, 167}; ///< Okabe–Ito: a two-tree's lower tree
inline const QColor vermillion{213, 94, 0};       ///< Okabe–Ito: EdgeColor 0 (blue: EdgeColor 1)

/// `colour` with alpha `alpha` (0..255).
inline QColor withAlpha(QColor colour, int alpha) {
  colour.setAlpha(alpha);
  return colour;
}
} // namespace palette

/// Round `round` of `rounds`: Paul Tol's muted scheme, nine colours that stay apart on a
/// projector and for the common colour-vision deficiencies (tests/app/test_palette.cpp says by
/// how much); repeated a shade darker beyond nine rounds.
QColor roundColor(int round, int rounds);
/// The nine round colours (what the palette test measures).
std::array<QColor, 9> roundPalette();
/// The block of origin rank `rank` of `p` ranks: Okabe–Ito up to 8, a hue wheel beyond, with
/// alternating lightness so that neighbouring ranks differ.
QColor originColor(int rank, int p);
/// A sequential scale for waiting times, `fraction` 0 (none: pale yellow) … 1 (longest: dark
/// red), perceptually ordered (the YlOrRd ramp).
QColor delayColor(double fraction);
/// `colour` washed out towards white (70 %): what is on its way, not yet there.
QColor lightTint(const QColor& colour);
/// Black or white, whichever reads on `background`.
QColor textOn(const QColor& background);

} // namespace collscope::app
