// x axis in logical rounds: round column c spans [c, c + 1) of a LinearAxis; ticks sit at the
// column centres and carry the round's user-facing number.
#pragma once

#include "geometry/linearaxis.h"

#include <functional>

namespace collscope::app {

class RoundAxis : public LinearAxis {
public:
  /// The number of columns, the user-facing name of each, and the axis title.
  void setRounds(int columns, std::function<QString(int)> label, QString title);

  int columns() const { return m_columns; }
  double columnLeft(int column) const { return toPixel(column); }
  double columnCenter(int column) const { return toPixel(column + 0.5); }
  double columnWidth() const { return pixelsPerUnit(); }
  /// The column under a pixel (may be outside [0, columns)).
  int columnAt(double pixel) const;
  /// One tick per visible column, thinned so labels are minSpacing apart.
  std::vector<Tick> ticks(double minSpacing) const override;
  QString title() const override { return m_title; }

private:
  int m_columns = 0;
  std::function<QString(int)> m_label;
  QString m_title;
};

} // namespace collscope::app
