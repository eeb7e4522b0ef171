// Where the space-time diagram draws each message of a trace: its line from the sender's lane
// at its start to the receiver's at its end, on the clock's positions (TraceClock), laid out by
// SpaceTimeGeometry; and which message lies under a point (hover, click).
#pragma once

#include "collscope/model/trace.hpp"
#include "document/traceclock.h"
#include "geometry/spacetimegeometry.h"

#include <QLineF>
#include <QPointF>

namespace collscope::app {

QLineF messageLine(const SpaceTimeGeometry& geometry, const TraceClock& clock,
                   const model::Trace& trace, int message);

/// The message whose line passes closest to `point`, within `tolerance` pixels, or -1 (also
/// before the geometry has an axis).
int messageAt(const SpaceTimeGeometry& geometry, const TraceClock& clock, const model::Trace& trace,
              const QPointF& point, double tolerance);

} // namespace collscope::app
