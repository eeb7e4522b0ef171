// The lecturer's screen: the current slide as the audience sees it, the next step beside it,
// the speaker notes, the time since the talk started, "slide 3 of 12", the scene's
// "round 2 · 3 of 5", recording progress and the slide number being typed.
#pragma once

#include "slidewidget.h"

#include <QLabel>
#include <QTextBrowser>
#include <QWidget>

namespace collscope::app {

class PresenterWidget : public QWidget {
  Q_OBJECT
public:
  PresenterWidget(slides::SlidePainter& painter, QWidget* parent = nullptr);

  void show(slides::DeckPosition at, slides::DeckPosition next, bool hasNext, const QString& notes,
            const QString& status);
  void setElapsed(const QString& elapsed);
  SlideWidget* current() const { return m_current; }
  SlideWidget* next() const { return m_next; }
  QString statusText() const { return m_status->text(); }
  QString notesText() const { return m_notes->toPlainText(); }

protected:
  void resizeEvent(QResizeEvent* event) override;

private:
  SlideWidget* m_current;
  SlideWidget* m_next;
  QTextBrowser* m_notes;
  QLabel* m_status;
  QLabel* m_clock;
  QLabel* m_nextLabel;
  QString m_notesSource;
};

} // namespace collscope::app
