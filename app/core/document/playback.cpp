#include "document/playback.h"

#include <algorithm>

namespace collscope::app {

Playback::Playback(QObject* parent) : QObject(parent) {
  m_timer.setInterval(16);
  connect(&m_timer, &QTimer::timeout, this, &Playback::tick);
}

void Playback::setClock(const TraceClock* clock) {
  if (clock == m_clock) return;
  const TraceClock* old = m_clock;
  m_clock = clock;
  if (m_clock == nullptr)
    m_cursor = 0.0;
  else if (old == nullptr || m_cursor >= old->end())
    m_cursor = m_clock->end();
  else
    m_cursor = std::clamp(m_clock->xAt(old->timeAt(m_cursor)), m_clock->begin(), m_clock->end());
  emit clockChanged();
  emit cursorChanged(m_cursor);
}

double Playback::rate() const {
  if (m_clock == nullptr) return 0.0;
  const double base = m_clock->isRounds() ? 1.0 : (m_clock->end() - m_clock->begin()) / 10.0;
  return base * m_speed;
}

double Playback::epsilon() const {
  return m_clock ? (m_clock->end() - m_clock->begin()) * 1e-9 : 0.0;
}

bool Playback::atEnd() const {
  return m_clock == nullptr || m_cursor >= m_clock->end() - epsilon();
}

int Playback::completedRounds() const {
  return m_clock ? m_clock->completedRounds(m_cursor) : 0;
}

QString Playback::progressText() const {
  return m_clock ? m_clock->progressText(m_clock->groupAt(m_cursor), m_cursor) : QString();
}

Playback::MessageState Playback::messageState(int message) const {
  if (m_clock == nullptr) return MessageState::delivered;
  if (m_cursor < m_clock->messageStart(message)) return MessageState::pending;
  if (m_cursor < m_clock->messageEnd(message)) return MessageState::inFlight;
  return MessageState::delivered;
}

double Playback::progress(int message) const {
  if (m_clock == nullptr) return 1.0;
  const double start = m_clock->messageStart(message);
  const double end = m_clock->messageEnd(message);
  if (m_cursor >= end) return 1.0;
  if (m_cursor <= start || end <= start) return 0.0;
  return (m_cursor - start) / (end - start);
}

void Playback::setCursor(double x) {
  if (m_clock) x = std::clamp(x, m_clock->begin(), m_clock->end());
  if (x == m_cursor) return;
  m_cursor = x;
  emit cursorChanged(m_cursor);
}

void Playback::setCursorTime(double seconds) {
  if (m_clock) setCursor(m_clock->isRounds() ? m_clock->xAt(seconds) : seconds);
}

bool Playback::setCursorRound(int label) {
  if (m_clock == nullptr) return false;
  const std::optional<double> end = m_clock->roundEnd(label);
  if (!end) return false;
  setCursor(*end);
  return true;
}

void Playback::play() {
  if (m_clock == nullptr || isPlaying()) return;
  if (atEnd()) setCursor(m_clock->begin());
  m_wall.start();
  m_timer.start();
  emit playingChanged(true);
}

void Playback::pause() {
  if (!isPlaying()) return;
  m_timer.stop();
  emit playingChanged(false);
}

void Playback::togglePlay() {
  if (isPlaying())
    pause();
  else
    play();
}

void Playback::setSpeed(double speed) {
  speed = std::clamp(speed, 1.0 / 16.0, 64.0);
  if (speed == m_speed) return;
  m_speed = speed;
  emit speedChanged(m_speed);
}

void Playback::stepEvent(int direction) {
  if (m_clock == nullptr) return;
  const std::vector<double>& events = m_clock->events();
  const double eps = epsilon();
  if (direction > 0) {
    const auto next = std::upper_bound(events.begin(), events.end(), m_cursor + eps);
    setCursor(next == events.end() ? m_clock->end() : *next);
  } else {
    const auto prev = std::lower_bound(events.begin(), events.end(), m_cursor - eps);
    setCursor(prev == events.begin() ? m_clock->begin() : *(prev - 1));
  }
}

void Playback::stepRound(int direction) {
  if (m_clock == nullptr) return;
  const std::vector<double>& ends = m_clock->roundEnds();
  const double eps = epsilon();
  if (direction > 0) {
    const auto next = std::upper_bound(ends.begin(), ends.end(), m_cursor + eps);
    setCursor(next == ends.end() ? m_clock->end() : *next);
  } else {
    const auto prev = std::lower_bound(ends.begin(), ends.end(), m_cursor - eps);
    setCursor(prev == ends.begin() ? m_clock->begin() : *(prev - 1));
  }
}

void Playback::toStart() {
  if (m_clock) setCursor(m_clock->begin());
}

void Playback::toEnd() {
  if (m_clock) setCursor(m_clock->end());
}

void Playback::advance(double wallSeconds) {
  if (m_clock == nullptr) return;
  setCursor(m_cursor + wallSeconds * rate());
  if (atEnd()) pause();
}

void Playback::tick() {
  const double elapsed = static_cast<double>(m_wall.restart()) / 1000.0;
  advance(elapsed);
}

} // namespace collscope::app
