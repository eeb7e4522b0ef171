// x axis in physical time: a LinearAxis over seconds whose ticks fall on 1-2-5 steps and are
// labelled in the one unit (s, ms, µs, ns) that suits the visible window.
#pragma once

#include "geometry/linearaxis.h"

namespace collscope::app {

class TimeAxis : public LinearAxis {
public:
  /// At 1-2-5 steps, labelled in the unit of the window.
  std::vector<Tick> ticks(double minSpacing) const override;
  /// "time since trace start [ms]" for the current window.
  QString title() const override;
  /// The 1-2-5 step (seconds) ticks(minSpacing) uses.
  double step(double minSpacing) const;
};

} // namespace collscope::app
