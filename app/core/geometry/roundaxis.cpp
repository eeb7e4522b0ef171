#include "geometry/roundaxis.h"

#include <algorithm>
#include <cmath>

namespace collscope::app {

void RoundAxis::setRounds(int columns, std::function<QString(int)> label, QString title) {
  m_columns = std::max(columns, 0);
  m_label = std::move(label);
  m_title = std::move(title);
  setMinimumSpan(0.5);
  setExtent(0.0, std::max(m_columns, 1));
}

int RoundAxis::columnAt(double pixel) const {
  return static_cast<int>(std::floor(fromPixel(pixel)));
}

std::vector<Tick> RoundAxis::ticks(double minSpacing) const {
  std::vector<Tick> ticks;
  const int every = std::max(1, static_cast<int>(std::ceil(minSpacing / columnWidth())));
  const int first = std::max(0, static_cast<int>(std::floor(viewBegin())));
  const int last = std::min(m_columns - 1, static_cast<int>(std::ceil(viewEnd())));
  for (int c = first; c <= last; ++c) {
    if (c % every != 0) continue;
    const double center = c + 0.5;
    if (center < viewBegin() || center > viewEnd()) continue;
    ticks.push_back({center, toPixel(center), m_label ? m_label(c) : QString::number(c)});
  }
  return ticks;
}

} // namespace collscope::app
