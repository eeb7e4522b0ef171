// The playback toolbar: the transport actions (which carry the keyboard shortcuts), a scrubber
// over the whole trace, the speed and where the cursor is.
#pragma once

#include "document/playback.h"

#include <QLabel>
#include <QSlider>
#include <QToolBar>

namespace collscope::app {

struct PlaybackActions {
  QAction* toStart = nullptr;
  QAction* roundBack = nullptr;
  QAction* eventBack = nullptr;
  QAction* playPause = nullptr;
  QAction* eventForward = nullptr;
  QAction* roundForward = nullptr;
  QAction* toEnd = nullptr;
  QAction* slower = nullptr;
  QAction* faster = nullptr;
};

class PlaybackBar : public QToolBar {
  Q_OBJECT
public:
  PlaybackBar(Playback* playback, const PlaybackActions& actions, QWidget* parent = nullptr);

  /// Text of the cursor position, set by the window (it knows the axis mode).
  void setCursorText(const QString& text) { m_position->setText(text); }

private:
  void syncSlider();
  void syncSpeed();

  Playback* m_playback;
  QAction* m_playPause;
  QSlider* m_slider;
  QLabel* m_speed;
  QLabel* m_position;
};

} // namespace collscope::app
