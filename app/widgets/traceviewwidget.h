// Shows any TraceView in the window and repaints it when the cursor, the axis or the
// selection changes. A view needs nothing more than this to appear as a tab.
#pragma once

#include "views/traceview.h"

#include <QWidget>
#include <memory>

namespace collscope::app {

class TraceViewWidget : public QWidget {
  Q_OBJECT
public:
  TraceViewWidget(std::unique_ptr<TraceView> view, Playback* playback, Selection* selection,
                  QWidget* parent = nullptr);
  ~TraceViewWidget() override;

  TraceView& view() { return *m_view; }
  Playback* playback() const { return m_playback; }
  Selection* selection() const { return m_selection; }

signals:
  /// The user clicked a view's offer of another view (registry name).
  void viewRequested(const QString& name);

protected:
  void paintEvent(QPaintEvent* event) override;
  /// Selects the rank or message under the pointer, or follows a view's link. The space-time
  /// view has its own mouse handling.
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

private:
  std::unique_ptr<TraceView> m_view;
  Playback* m_playback;
  Selection* m_selection;
};

} // namespace collscope::app
