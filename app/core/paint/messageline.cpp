#include "paint/messageline.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace collscope::app {

QLineF messageLine(const SpaceTimeGeometry& geometry, const TraceClock& clock,
                   const model::Trace& trace, int message) {
  const model::Message& m = trace.messages[static_cast<std::size_t>(message)];
  return geometry.messageLine(m.sender, m.receiver, clock.messageStart(message),
                              clock.messageEnd(message));
}

int messageAt(const SpaceTimeGeometry& geometry, const TraceClock& clock, const model::Trace& trace,
              const QPointF& point, double tolerance) {
  const LinearAxis* axis = geometry.axis();
  if (axis == nullptr || !geometry.plot().adjusted(-tolerance, 0, tolerance, 0).contains(point))
    return -1;
  const double x0 = axis->fromPixel(point.x() - tolerance);
  const double x1 = axis->fromPixel(point.x() + tolerance);
  const auto [first, last] = clock.candidates(x0, x1);
  int best = -1;
  double bestDistance = tolerance;
  const std::vector<int>& order = clock.messagesByStart();
  for (std::size_t i = first; i < last; ++i) {
    const int m = order[i];
    if (clock.messageEnd(m) < x0) continue;
    const QLineF line = messageLine(geometry, clock, trace, m);
    const QPointF d = line.p2() - line.p1();
    const double length2 = d.x() * d.x() + d.y() * d.y();
    double t = 0.0;
    if (length2 > 0.0) {
      const QPointF v = point - line.p1();
      t = std::clamp((v.x() * d.x() + v.y() * d.y()) / length2, 0.0, 1.0);
    }
    const QPointF nearest = line.p1() + t * d;
    const double distance = std::hypot(point.x() - nearest.x(), point.y() - nearest.y());
    if (distance <= bestDistance) {
      bestDistance = distance;
      best = m;
    }
  }
  return best;
}

} // namespace collscope::app
