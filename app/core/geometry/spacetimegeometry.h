// Where the space-time diagram puts things inside a target rectangle: header, rank labels,
// plot, axis and legend bands; one lane per rank; a message as a line between lanes. Pure
// geometry shared by painting and by hit testing (hover, click).
#pragma once

#include "geometry/linearaxis.h"
#include "geometry/traceclock.h"
#include "paint/viewstyle.h"

#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <optional>

namespace collscope::app {

class SpaceTimeGeometry {
public:
  enum class Band { roundStrip, phaseStrip, callBar, algorithm };

  SpaceTimeGeometry() = default;
  /// Lays out the bands; the caller then maps the axis onto plot() (setPixelRange).
  SpaceTimeGeometry(const QRectF& target, int ranks, const ViewStyle& style, bool legend);
  void attach(const LinearAxis* axis, const TraceClock* clock);

  const QRectF& target() const { return m_target; }
  const QRectF& header() const { return m_header; }
  const QRectF& labels() const { return m_labels; }
  const QRectF& plot() const { return m_plot; }
  const QRectF& axisBand() const { return m_axisBand; }
  const QRectF& legend() const { return m_legend; }
  int rankCount() const { return m_ranks; }
  double laneHeight() const { return m_laneHeight; }
  /// Lanes tall enough for the round and phase strips above the call bar.
  bool hasStrips() const;

  QRectF lane(int rank) const;
  QRectF band(int rank, Band band) const;
  /// y where messages leave and arrive: the middle of the call bar.
  double laneCenter(int rank) const;
  int rankAt(double y) const;

  double xOf(double position) const { return m_axis ? m_axis->toPixel(position) : 0.0; }
  QLineF messageLine(int message, const model::Trace& trace) const;
  /// The message whose line passes closest to `point`, within `tolerance` pixels, or -1.
  int messageAt(const QPointF& point, double tolerance, const model::Trace& trace) const;

  /// The part of `line` between x = left and x = right, or nullopt. Painting clips by hand
  /// because QSvgGenerator ignores clip regions.
  static std::optional<QLineF> clipX(const QLineF& line, double left, double right);

private:
  QRectF m_target, m_header, m_labels, m_plot, m_axisBand, m_legend;
  int m_ranks = 0;
  double m_laneHeight = 0.0;
  double m_stripThreshold = 40.0;
  const LinearAxis* m_axis = nullptr;
  const TraceClock* m_clock = nullptr;
};

} // namespace collscope::app
