// Two documents side by side (ComparisonView): a call of the user's program and the lecture's
// algorithm recorded at the same p, root and count, or `collscope A B`. One x axis for both:
// physical time or rounds from 0, chosen in the window's toolbar; one legend; one playback
// cursor, played, stepped (through the events and round ends of either) and scrubbed with the
// main window's keys.
#pragma once

#include "document/playback.h"
#include "document/tracedocument.h"
#include "playbackbar.h"
#include "views/comparisonview.h"

#include <QWidget>
#include <memory>

class QComboBox;

namespace collscope::app {

class ComparisonWindow : public QWidget {
  Q_OBJECT
public:
  ComparisonWindow(std::shared_ptr<TraceDocument> first, std::shared_ptr<TraceDocument> second,
                   QWidget* parent = nullptr);
  ~ComparisonWindow() override;

  ComparisonView& view() { return *m_view; }
  /// The shared cursor (on view().sharedClock()).
  Playback& playback() { return *m_playback; }
  const PlaybackActions& actions() const { return m_actions; }
  void setMode(AxisMode mode);

private:
  class Canvas;
  void createActions();
  void cursorMoved();

  std::shared_ptr<TraceDocument> m_first;
  std::shared_ptr<TraceDocument> m_second;
  std::unique_ptr<ComparisonView> m_view;
  Playback* m_playback;
  PlaybackActions m_actions;
  PlaybackBar* m_bar = nullptr;
  Canvas* m_canvas;
  QComboBox* m_axis;
};

} // namespace collscope::app
