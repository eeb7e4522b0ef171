// The playback cursor every view shares: a position on the current TraceClock, played by a
// QTimer-driven clock at a chosen speed, stepped event by event or round by round.
#pragma once

#include "document/traceclock.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace collscope::app {

class Playback : public QObject {
  Q_OBJECT
public:
  enum class MessageState { pending, inFlight, delivered };

  explicit Playback(QObject* parent = nullptr);

  /// Switching clocks keeps the cursor at the same moment (the latest completed message).
  void setClock(const TraceClock* clock);
  const TraceClock* clock() const { return m_clock; }

  double cursor() const { return m_cursor; }
  bool isPlaying() const { return m_timer.isActive(); }
  double speed() const { return m_speed; }
  /// Domain units the cursor advances per wall-clock second at the current speed: at 1× a
  /// physical-time trace plays in 10 s, a round axis at one round per second.
  double rate() const;
  bool atEnd() const;

  /// Rounds complete at the cursor, of the run at the cursor (TraceClock::completedRounds).
  int completedRounds() const;
  /// Where the cursor stands, as every view and the statistics say it
  /// (TraceClock::progressText of the run at the cursor); empty without a clock.
  QString progressText() const;
  MessageState messageState(int message) const;
  /// How far a message has travelled at the cursor, 0 (not sent) … 1 (delivered).
  double progress(int message) const;

public slots:
  void setCursor(double x);
  /// Physical seconds, placed on the current clock.
  void setCursorTime(double seconds);
  /// Moves to where the round the user calls `label` is complete; false if there is none.
  bool setCursorRound(int label);
  void play();
  void pause();
  void togglePlay();
  void setSpeed(double speed);
  void faster() { setSpeed(m_speed * 2.0); }
  void slower() { setSpeed(m_speed / 2.0); }
  void stepEvent(int direction);
  void stepRound(int direction);
  void toStart();
  void toEnd();
  /// What the timer does each tick: advance by wallSeconds of playing (public for tests).
  void advance(double wallSeconds);

signals:
  void cursorChanged(double x);
  void playingChanged(bool playing);
  void speedChanged(double speed);
  void clockChanged();

private:
  void tick();
  double epsilon() const;

  const TraceClock* m_clock = nullptr;
  double m_cursor = 0.0;
  double m_speed = 1.0;
  QTimer m_timer;
  QElapsedTimer m_wall;
};

} // namespace collscope::app
