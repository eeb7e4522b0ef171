#include "playbackbar.h"

#include <QSignalBlocker>
#include <cmath>

namespace collscope::app {

namespace {

constexpr int sliderSteps = 10000;

} // namespace

PlaybackBar::PlaybackBar(Playback* playback, const PlaybackActions& actions, QWidget* parent)
    : QToolBar(tr("Playback"), parent), m_playback(playback), m_playPause(actions.playPause) {
  setObjectName(QStringLiteral("playback"));
  setToolButtonStyle(Qt::ToolButtonTextOnly);
  addAction(actions.toStart);
  addAction(actions.roundBack);
  addAction(actions.eventBack);
  addAction(actions.playPause);
  addAction(actions.eventForward);
  addAction(actions.roundForward);
  addAction(actions.toEnd);
  addSeparator();
  m_slider = new QSlider(Qt::Horizontal, this);
  m_slider->setRange(0, sliderSteps);
  m_slider->setMinimumWidth(260);
  m_slider->setToolTip(tr("Drag to move the playback cursor"));
  addWidget(m_slider);
  addSeparator();
  addAction(actions.slower);
  m_speed = new QLabel(this);
  m_speed->setMinimumWidth(48);
  m_speed->setAlignment(Qt::AlignCenter);
  addWidget(m_speed);
  addAction(actions.faster);
  addSeparator();
  m_position = new QLabel(this);
  addWidget(m_position);

  connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
    const TraceClock* clock = m_playback->clock();
    if (clock == nullptr) return;
    m_playback->setCursor(clock->begin() +
                          (clock->end() - clock->begin()) * value / double(sliderSteps));
  });
  connect(m_playback, &Playback::cursorChanged, this, &PlaybackBar::syncSlider);
  connect(m_playback, &Playback::clockChanged, this, &PlaybackBar::syncSlider);
  connect(m_playback, &Playback::speedChanged, this, &PlaybackBar::syncSpeed);
  connect(m_playback, &Playback::playingChanged, this,
          [this](bool playing) { m_playPause->setText(playing ? tr("‖ Pause") : tr("▶ Play")); });
  syncSlider();
  syncSpeed();
}

void PlaybackBar::syncSlider() {
  const TraceClock* clock = m_playback->clock();
  const QSignalBlocker block(m_slider);
  if (clock == nullptr || clock->end() <= clock->begin()) {
    m_slider->setValue(0);
    return;
  }
  const double fraction = (m_playback->cursor() - clock->begin()) / (clock->end() - clock->begin());
  m_slider->setValue(static_cast<int>(std::lround(fraction * sliderSteps)));
}

void PlaybackBar::syncSpeed() {
  const double speed = m_playback->speed();
  m_speed->setText(speed >= 1 ? QStringLiteral("%1×").arg(speed)
                              : QStringLiteral("1/%1×").arg(std::lround(1.0 / speed)));
}

} // namespace collscope::app
