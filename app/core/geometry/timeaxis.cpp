#include "geometry/timeaxis.h"

#include "format/units.h"

#include <algorithm>
#include <cmath>

namespace collscope::app {

namespace {

TimeUnit unitOf(const LinearAxis& axis) {
  return timeUnitFor(std::max(std::fabs(axis.viewBegin()), std::fabs(axis.viewEnd())));
}

} // namespace

double TimeAxis::step(double minSpacing) const {
  const double raw = std::max(minSpacing, 1.0) / pixelsPerUnit();
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double nice : {1.0, 2.0, 5.0, 10.0})
    if (nice * decade >= raw * (1.0 - 1e-9)) return nice * decade;
  return 10.0 * decade;
}

std::vector<Tick> TimeAxis::ticks(double minSpacing) const {
  const double s = step(minSpacing);
  const TimeUnit unit = unitOf(*this);
  const double stepInUnit = s * unit.perSecond;
  const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(stepInUnit) + 1e-9)));
  std::vector<Tick> ticks;
  const double first = std::ceil(viewBegin() / s - 1e-9);
  for (double k = first;; k += 1.0) {
    const double value = k * s;
    if (value > viewEnd() + s * 1e-9) break;
    if (value < 0.0 && value < extentBegin()) continue;
    const double shown = std::fabs(value) < s * 1e-6 ? 0.0 : value * unit.perSecond;
    ticks.push_back({value, toPixel(value), QString::number(shown, 'f', decimals)});
  }
  return ticks;
}

QString TimeAxis::title() const {
  return QStringLiteral("time since %1 [%2]").arg(m_origin, unitOf(*this).suffix);
}

} // namespace collscope::app
