// x axis in physical time: a LinearAxis over seconds whose ticks fall on 1-2-5 steps and are
// labelled in the one unit (s, ms, µs, ns) that suits the visible window.
#pragma once

#include "geometry/linearaxis.h"

#include <utility>

namespace collscope::app {

class TimeAxis : public LinearAxis {
public:
  /// At 1-2-5 steps, labelled in the unit of the window.
  std::vector<Tick> ticks(double minSpacing) const override;
  /// "time since trace start [ms]" for the current window ("since the call's start" for a
  /// call's own trace, whose time 0 is where the call begins).
  QString title() const override;
  void setOrigin(QString origin) { m_origin = std::move(origin); }
  /// The 1-2-5 step (seconds) ticks(minSpacing) uses.
  double step(double minSpacing) const;

private:
  QString m_origin = QStringLiteral("trace start");
};

} // namespace collscope::app
