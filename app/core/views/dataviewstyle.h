// Colours and gaps of the data view, shared by its source files (dataview.cpp: rows and slots;
// dataviewlegend.cpp: the legend).
#pragma once

#include <QColor>
#include <algorithm>

namespace collscope::app::dataviewstyle {

inline const QColor emptySlot{232, 232, 232};
inline const QColor bytesColour{0, 114, 178};
inline const QColor subtitleColour{110, 110, 110};

inline double rowGap(double rowHeight) {
  return rowHeight >= 10 ? std::max(1.0, rowHeight * 0.16) : 0.0;
}

inline double cellGap(double cellWidth) {
  return cellWidth >= 12 ? std::max(1.0, cellWidth * 0.12) : 0.0;
}

} // namespace collscope::app::dataviewstyle
