#include "presentation.h"

#include <QCloseEvent>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QScreen>
#include <QWindow>

namespace collscope::app {

PresentationWindow::PresentationWindow(Presentation& presentation, slides::SlidePainter& painter)
    : m_presentation(presentation), m_slide(new SlideWidget(painter, this)),
      m_presenter(new PresenterWidget(painter, this)) {
  addWidget(m_slide);
  addWidget(m_presenter);
  setFocusPolicy(Qt::StrongFocus);
  setWindowTitle(tr("collscope — %1").arg(presentation.m_deck.path));
  resize(1024, 768);
}

void PresentationWindow::showPresenter(bool presenter) {
  setCurrentWidget(presenter ? static_cast<QWidget*>(m_presenter) : m_slide);
}

void PresentationWindow::keyPressEvent(QKeyEvent* event) {
  if (!m_presentation.handleKey(event->key(), event->modifiers(), event->text()))
    QStackedWidget::keyPressEvent(event);
}

void PresentationWindow::closeEvent(QCloseEvent* event) {
  event->accept();
  emit m_presentation.closed();
}

Presentation::Presentation(const slides::Deck& deck, Options options, QObject* parent)
    : QObject(parent), m_deck(deck), m_library(m_deck), m_painter(m_library), m_options(options) {
  connect(&m_library, &slides::SceneLibrary::changed, this, [this] {
    // A scene that finished recording may add rounds: the slide keeps its place.
    m_steps = m_library.steps();
    m_position = m_steps.clamp(m_position);
    refresh();
  });
  m_clock.setInterval(1000);
  connect(&m_clock, &QTimer::timeout, this, &Presentation::refresh);
}

Presentation::~Presentation() = default;

void Presentation::start() {
  m_audience = std::make_unique<PresentationWindow>(*this, m_painter);
  const QList<QScreen*> screens = QGuiApplication::screens();
  if (screens.size() > 1) {
    m_presenterWindow = std::make_unique<PresentationWindow>(*this, m_painter);
    m_presenterWindow->showPresenter(true);
    m_presenterWindow->setScreen(screens.front());
    m_presenterWindow->move(screens.front()->geometry().topLeft());
    m_audience->setScreen(screens.at(1));
    m_audience->move(screens.at(1)->geometry().topLeft());
    m_presenterWindow->showMaximized();
  }
  m_steps = m_library.steps();
  if (m_options.fullScreen)
    showAudienceFullScreen();
  else
    m_audience->show();
  m_elapsed.start();
  m_clock.start();
  m_library.prepare(m_options.rerecord);
  refresh();
}

bool Presentation::handleKey(int key, Qt::KeyboardModifiers modifiers, const QString& text) {
  Q_UNUSED(modifiers);
  Q_UNUSED(text);
  if (key >= Qt::Key_0 && key <= Qt::Key_9) {
    m_typed += QString::number(key - Qt::Key_0);
    refresh();
    return true;
  }
  switch (key) {
  case Qt::Key_Return:
  case Qt::Key_Enter:
    if (!m_typed.isEmpty()) goToSlide(m_typed.toInt() - 1);
    m_typed.clear();
    refresh();
    return true;
  case Qt::Key_Backspace:
    if (!m_typed.isEmpty()) {
      m_typed.chop(1);
      refresh();
    } else {
      previous();
    }
    return true;
  case Qt::Key_Escape:
    if (!m_typed.isEmpty()) {
      m_typed.clear();
      refresh();
    } else if (m_audience && m_audience->isFullScreen()) {
      toggleFullScreen();
    }
    return true;
  case Qt::Key_Right:
  case Qt::Key_Space:
  case Qt::Key_PageDown:
  case Qt::Key_Down:
    next();
    return true;
  case Qt::Key_Left:
  case Qt::Key_PageUp:
  case Qt::Key_Up:
    previous();
    return true;
  case Qt::Key_Home:
    goToSlide(0);
    return true;
  case Qt::Key_End:
    moveTo(m_steps.finals().empty() ? slides::DeckPosition{} : m_steps.finals().back());
    return true;
  case Qt::Key_B:
  case Qt::Key_Period: // what clickers send for "blank"
    toggleBlank();
    return true;
  case Qt::Key_F:
    toggleFullScreen();
    return true;
  case Qt::Key_P:
    togglePresenter();
    return true;
  case Qt::Key_R:
    rerecordSlide();
    return true;
  case Qt::Key_Q:
    if (m_audience) m_audience->close();
    if (m_presenterWindow) m_presenterWindow->close();
    return true;
  default:
    return false;
  }
}

void Presentation::next() {
  moveTo(m_steps.next(m_position));
}

void Presentation::previous() {
  moveTo(m_steps.previous(m_position));
}

void Presentation::goToSlide(int slide) {
  moveTo(m_steps.slideStart(slide));
}

void Presentation::toggleBlank() {
  m_blank = !m_blank;
  refresh();
}

void Presentation::toggleFullScreen() {
  if (!m_audience) return;
  if (!m_audience->isFullScreen()) {
    showAudienceFullScreen();
    return;
  }
  m_audience->showNormal();
  // Without a window manager nobody puts the window back either.
  if (QWindow* handle = m_audience->windowHandle(); handle && m_normalGeometry.isValid())
    handle->setGeometry(m_normalGeometry);
}

void Presentation::showAudienceFullScreen() {
  m_normalGeometry = m_audience->geometry();
  m_audience->showFullScreen();
  // showFullScreen() asks the window manager for the whole screen (_NET_WM_STATE_FULLSCREEN on
  // X11). A bare X server — a hall PC started with xinit, a kiosk, Xvfb — has no window
  // manager to act on it and the window stays as it was. Cover the screen ourselves; with a
  // window manager this is the geometry it gives the window anyway. Through the QWindow:
  // QWidget::setGeometry would clear the widget's full-screen state.
  QWindow* handle = m_audience->windowHandle();
  QScreen* screen = m_audience->screen();
  if (handle && screen && handle->geometry() != screen->geometry())
    handle->setGeometry(screen->geometry());
  m_audience->raise();
  m_audience->activateWindow();
}

void Presentation::togglePresenter() {
  // With a screen for the lecturer the presenter view has its own window.
  if (!m_audience || m_presenterWindow) return;
  m_audience->showPresenter(!m_audience->showsPresenter());
  refresh();
}

void Presentation::rerecordSlide() {
  m_library.rerecord(m_position.slide);
}

void Presentation::moveTo(slides::DeckPosition at) {
  m_position = m_steps.clamp(at);
  m_typed.clear();
  // Painting puts a slide's scenes at the step it paints (the presenter's "next" paints one
  // step ahead); the cursors rest at the step the audience sees.
  m_library.showStep(m_position);
  refresh();
  emit positionChanged();
}

QString Presentation::statusText() const {
  QStringList parts;
  parts << tr("slide %1 of %2").arg(m_position.slide + 1).arg(m_steps.slideCount());
  const QString rounds = const_cast<slides::SceneLibrary&>(m_library).roundText(m_position);
  if (!rounds.isEmpty()) parts << rounds;
  if (m_blank) parts << tr("BLANK");
  if (!m_typed.isEmpty()) parts << tr("go to slide %1…").arg(m_typed);
  const QString progress = m_library.progressText();
  if (!progress.isEmpty()) parts << progress;
  return parts.join(QStringLiteral("  ·  "));
}

void Presentation::refresh() {
  const slides::DeckPosition nextAt = m_steps.next(m_position);
  const bool hasNext = !(nextAt == m_position);
  const qint64 seconds = m_elapsed.isValid() ? m_elapsed.elapsed() / 1000 : 0;
  const QString elapsed = QStringLiteral("%1:%2:%3")
                              .arg(seconds / 3600)
                              .arg(seconds / 60 % 60, 2, 10, QLatin1Char('0'))
                              .arg(seconds % 60, 2, 10, QLatin1Char('0'));
  const QString notes = m_position.slide < static_cast<int>(m_deck.slides.size())
                            ? m_deck.slides[static_cast<std::size_t>(m_position.slide)].notes
                            : QString();
  const QString status = statusText();
  for (PresentationWindow* window : {m_audience.get(), m_presenterWindow.get()}) {
    if (!window) continue;
    window->slide()->setPosition(m_position);
    window->slide()->setBlank(m_blank);
    window->presenter()->show(m_position, nextAt, hasNext, notes, status);
    window->presenter()->setElapsed(elapsed);
  }
}

} // namespace collscope::app
