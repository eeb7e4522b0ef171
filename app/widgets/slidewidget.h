// One slide at one step, painted by SlidePainter to fill the widget (letterboxed on black, as
// a projector shows it); blank paints black.
#pragma once

#include "slides/deckposition.h"
#include "slides/slidepainter.h"

#include <QWidget>

namespace collscope::app {

class SlideWidget : public QWidget {
  Q_OBJECT
public:
  SlideWidget(slides::SlidePainter& painter, QWidget* parent = nullptr);

  void setPosition(slides::DeckPosition at, bool exists = true);
  void setBlank(bool blank);
  bool isBlank() const { return m_blank; }
  slides::DeckPosition position() const { return m_position; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  slides::SlidePainter& m_painter;
  slides::DeckPosition m_position;
  bool m_exists = true; ///< false: past the last slide (the presenter's "next")
  bool m_blank = false;
};

} // namespace collscope::app
