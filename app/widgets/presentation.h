// `collscope present DECK` and File ▸ Present: the audience window (full screen, on the second
// screen when there is one) and the presenter view (on the first screen; with one screen a
// toggle, P, of the one window). One controller owns where the talk stands and takes the keys
// of both windows — what clickers send (Right/Space/PageDown, Left/PageUp) and the rest.
#pragma once

#include "presenterwidget.h"
#include "slides/scenelibrary.h"
#include "slides/slidepainter.h"
#include "slidewidget.h"

#include <QElapsedTimer>
#include <QStackedWidget>
#include <QTimer>
#include <memory>

namespace collscope::app {

class Presentation;

/// A window of the talk: the slide, or the presenter view, switched by the controller.
class PresentationWindow : public QStackedWidget {
  Q_OBJECT
public:
  PresentationWindow(Presentation& presentation, slides::SlidePainter& painter);
  SlideWidget* slide() const { return m_slide; }
  PresenterWidget* presenter() const { return m_presenter; }
  bool showsPresenter() const { return currentWidget() == m_presenter; }
  void showPresenter(bool presenter);

protected:
  void keyPressEvent(QKeyEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

private:
  Presentation& m_presentation;
  SlideWidget* m_slide;
  PresenterWidget* m_presenter;
};

class Presentation : public QObject {
  Q_OBJECT
public:
  struct Options {
    bool rerecord = false;
    bool fullScreen = true;
  };
  Presentation(const slides::Deck& deck, Options options, QObject* parent = nullptr);
  ~Presentation() override;

  /// Shows the windows: with two screens the audience's full screen on the second and the
  /// presenter view on the first; with one, the audience window (P shows the presenter view).
  void start();

  slides::DeckPosition position() const { return m_position; }
  bool isBlank() const { return m_blank; }
  QString typedNumber() const { return m_typed; }
  slides::SceneLibrary& library() { return m_library; }
  PresentationWindow* audience() const { return m_audience.get(); }
  /// The presenter's own window with two screens, else null.
  PresentationWindow* presenterWindow() const { return m_presenterWindow.get(); }

  /// Returns whether the key meant something.
  bool handleKey(int key, Qt::KeyboardModifiers modifiers, const QString& text);
  void next();
  void previous();
  void goToSlide(int slide); ///< 0-based
  void toggleBlank();
  void toggleFullScreen();
  void togglePresenter();
  void rerecordSlide();

signals:
  void positionChanged();
  void closed();

private:
  friend class PresentationWindow;
  void moveTo(slides::DeckPosition at);
  void showAudienceFullScreen();
  void refresh();
  QString statusText() const;

  slides::Deck m_deck;
  slides::SceneLibrary m_library;
  slides::SlidePainter m_painter;
  Options m_options;
  slides::DeckSteps m_steps;
  slides::DeckPosition m_position;
  bool m_blank = false;
  QString m_typed;
  QElapsedTimer m_elapsed;
  QTimer m_clock;
  std::unique_ptr<PresentationWindow> m_audience;
  std::unique_ptr<PresentationWindow> m_presenterWindow;
  QRect m_normalGeometry; ///< the audience window's before full screen (F, Escape restore it)
};

} // namespace collscope::app
