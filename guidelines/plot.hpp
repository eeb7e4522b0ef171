// The paper's figures (seeds/004 Figure 4): per collective, the run time of each mock-up
// relative to the native collective at every message size (median of the mpiruns' medians,
// error bars their lowest and highest), native at 1, the margin drawn; violations filled.
// One QPainter routine draws both the SVG (QSvgGenerator) and the PNG (QImage).
#pragma once

#include "measure.hpp"

#include <string>

namespace collscope::guidelines {

/// Writes BASE.svg and BASE.png; false with the reason in `error`.
bool draw_figure(const Options& o, const CollectiveResult& r, const std::string& base,
                 std::string& error);

} // namespace collscope::guidelines
