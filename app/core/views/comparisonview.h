// Two traces (or two calls) side by side, stacked: the same x axis mode, the same range and the
// same scale (pixels per second or per round), so that a call of a user's program and the
// lecture's algorithm recorded with collscope-run at the same p, root and count can be read
// against each other round by round. One legend under both (the lane states either has, the
// hatching of blocked time among them) and one playback cursor: a position on the shared axis —
// seconds since each trace's start, or a round column — drawn in both halves. Not in the
// registry: the window and `collscope A B` build it from two documents.
#pragma once

#include "geometry/roundaxis.h"
#include "geometry/spacetimegeometry.h"
#include "geometry/timeaxis.h"
#include "paint/legendpainter.h"
#include "paint/spacetimerenderer.h"
#include "views/traceview.h"

#include <array>
#include <memory>
#include <vector>

namespace collscope::app {

class ComparisonView : public TraceView {
public:
  /// Both documents must outlive the view. `first` is the context's document (export names it).
  ComparisonView(const TraceDocument& first, const TraceDocument& second);

  QString name() const override { return QStringLiteral("compare"); }
  QString title() const override { return QStringLiteral("Side by side"); }
  /// The shared cursor is `playback.cursor()` when it has a clock (one of sharedClock's): each
  /// half is drawn at that position of its own clock (faded after it, messages in flight
  /// marked; a trace that has ended by then is drawn whole with the cursor line over it).
  /// Without a clock both are drawn whole.
  void render(QPainter& painter, const QRect& target, const Playback& playback) override;

  /// Time, inferred rounds, or annotated rounds when both traces have them (else inferred).
  void setMode(AxisMode mode) { m_mode = mode; }
  AxisMode mode() const;
  const TraceDocument& documentAt(int half) const { return *m_documents[half]; }
  /// The layout and axis of each half at the last render (0 top, 1 bottom).
  const SpaceTimeGeometry& geometry(int half) const { return m_geometry[half]; }
  /// Where the last render drew message `message` of half `half` (paint/messageline.h).
  QLineF messageLine(int half, int message) const;
  const LinearAxis& axis(int half) const;
  /// The legend's area at the last render (under both halves).
  const QRectF& legendArea() const { return m_legend; }
  /// The entries of the shared legend: every state either trace has, the message arrows, and
  /// the cursor's when `cursor`.
  std::vector<LegendPainter::Entry> legendEntries(bool cursor) const;

  /// The clock, in the current mode, that the shared cursor runs on: the one of the trace that
  /// reaches further, so that playing it passes over both.
  const TraceClock& sharedClock() const;
  /// The next (direction > 0) or previous stop of either trace after or before `x`: an event
  /// (a send or a receive), or with `rounds` a moment a round becomes complete; the shared
  /// range's ends when there is none.
  double step(double x, int direction, bool rounds) const;
  /// Where each half stands at shared position `x` (its clock's progress text: "t = 1.2 ms · 2
  /// of 3 rounds complete"), "A: … | B: …".
  QString cursorText(double x) const;
  /// The playback each half was drawn with at the last render (its own clock).
  const Playback& playbackAt(int half) const { return m_playback[half]; }

private:
  LinearAxis& axisFor(int half, AxisMode mode);
  /// TraceClock::progressText of half `half` at shared position `x`, past its end too.
  QString progressAt(int half, double x) const;
  /// Puts each half's playback on its clock in `mode`, at shared position `x`.
  void placeCursor(AxisMode mode, double x);

  std::array<const TraceDocument*, 2> m_documents;
  std::array<std::unique_ptr<SpaceTimeRenderer>, 2> m_renderers;
  std::array<TimeAxis, 2> m_time;
  std::array<RoundAxis, 2> m_rounds;
  std::array<SpaceTimeGeometry, 2> m_geometry;
  std::array<Playback, 2> m_playback;
  QRectF m_legend;
  AxisMode m_mode = AxisMode::time;
  AxisMode m_rendered = AxisMode::time;
};

} // namespace collscope::app
