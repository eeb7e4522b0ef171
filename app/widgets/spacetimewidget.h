// The space-time diagram in the window: wires a SpaceTimeView to the mouse. Wheel zooms about
// the pointer, dragging pans, hovering a message explains it, clicking selects a message (or
// a rank), clicking the axis moves the cursor there.
#pragma once

#include "traceviewwidget.h"
#include "views/spacetimeview.h"

namespace collscope::app {

class SpaceTimeWidget : public TraceViewWidget {
  Q_OBJECT
public:
  SpaceTimeWidget(const ViewContext& context, Playback* playback, Selection* selection,
                  QWidget* parent = nullptr);

  SpaceTimeView& spaceTime() { return static_cast<SpaceTimeView&>(view()); }
  /// What the tooltip says about a message.
  static QString describe(const TraceDocument& document, int message);

public slots:
  void fit();
  void zoomIn() { zoomAt(1.5, width() / 2.0); }
  void zoomOut() { zoomAt(1.0 / 1.5, width() / 2.0); }

signals:
  void hovered(const QString& text);

protected:
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
  void zoomAt(double factor, double x);
  LinearAxis& axis() { return spaceTime().axis(spaceTime().mode()); }

  QPointF m_pressed;
  QPointF m_last;
  bool m_dragging = false;
};

} // namespace collscope::app
