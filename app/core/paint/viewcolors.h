// Colours the tree, circulant, data and delay views share, so that round 2 or rank 5 has the
// same colour in every view. Fonts and strokes come from ViewStyle::forSize.
#pragma once

#include <QColor>

namespace collscope::app {

/// Round column `round` of `rounds`: Okabe–Ito for up to 7 rounds (distinct for the common
/// colour-vision deficiencies; its yellow darkened to read on white), spread hues beyond.
QColor roundColor(int round, int rounds);
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
