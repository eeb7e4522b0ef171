// Colours, fonts and strokes of every view, scaled to the output so that a
// 1920×1080 export reads from the back of a lecture hall. Colours are the Okabe–Ito palette,
// which stays distinct for the common colour-vision deficiencies.
#pragma once

#include "document/laneintervals.h"
#include "geometry/spacetimegeometry.h"
#include "paint/viewcolors.h"

#include <QColor>
#include <QFont>
#include <QSize>
#include <algorithm>

namespace collscope::app {

struct ViewStyle {
  /// 1.0 at 1920×1080; fonts and strokes grow and shrink with the output. No font is smaller
  /// than `minimumTextPixels` (in the painter's coordinates): a slide, which draws a view
  /// zoomed, passes what makes 20 px on its canvas; the app's windows and exports pass 0.
  static ViewStyle forSize(QSize size, double minimumTextPixels = 0.0);
  /// Rank labels never get smaller than this, however small the view.
  static constexpr double minimumLabelPixels = 16.0;

  static QColor color(StateKind kind);
  static QString name(StateKind kind);

  double scale = 1.0;
  double minimumTextPixels = 0.0;
  /// `wanted`, raised to the floor: what a view sizing a label to its layout must use.
  double textPixels(double wanted) const { return std::max(wanted, minimumTextPixels); }
  /// Whether a label sized to its layout at `wanted` px would be raised by the floor, i.e.
  /// comes out larger than its room: the view drops or thins such labels.
  bool raised(double wanted) const { return wanted < minimumTextPixels; }
  /// What the space-time layout takes of this style.
  SpaceTimeMetrics spaceTimeMetrics() const {
    return {titleFont, labelFont, tickFont, padding, scale};
  }
  QFont titleFont;
  QFont labelFont;
  QFont tickFont;
  QFont legendFont;
  QFont stripFont;
  double arrowWidth = 3.0;
  double arrowHead = 14.0;
  double cursorWidth = 3.0;
  double padding = 12.0;

  QColor background{255, 255, 255};
  QColor text = palette::ink;
  QColor grid{225, 225, 225};
  QColor laneShade{246, 246, 246};
  QColor message{0, 0, 0};
  QColor inFlight{213, 94, 0};        ///< the head of a message in flight at the cursor
  QColor highlight = palette::yellow; ///< halo under a selected message
  QColor cursor{0, 0, 0};
  QColor dim{255, 255, 255, 185}; ///< veils what lies after the cursor
  QColor roundOdd{200, 200, 200};
  QColor criticalPath = palette::withAlpha(palette::purple, 120); ///< band under its messages
  QColor nodeShade{246, 238, 218};         ///< every other node's band (lanes grouped by node)
  QColor nodeRule = palette::secondaryInk; ///< the line between two nodes' bands
  /// A message between nodes, drawn thicker: dark crimson, a colour no lane state uses.
  QColor networkMessage{160, 0, 70};
  double networkWidthFactor = 1.8; ///< its width over arrowWidth
};

} // namespace collscope::app
