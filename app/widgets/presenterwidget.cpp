#include "presenterwidget.h"

#include <QGridLayout>
#include <QVBoxLayout>

namespace collscope::app {

PresenterWidget::PresenterWidget(slides::SlidePainter& painter, QWidget* parent)
    : QWidget(parent), m_current(new SlideWidget(painter, this)),
      m_next(new SlideWidget(painter, this)), m_notes(new QTextBrowser(this)),
      m_status(new QLabel(this)), m_clock(new QLabel(this)),
      m_nextLabel(new QLabel(tr("Next"), this)) {
  setAutoFillBackground(true);
  QPalette dark = palette();
  dark.setColor(QPalette::Window, QColor(30, 30, 30));
  dark.setColor(QPalette::WindowText, QColor(235, 235, 235));
  setPalette(dark);
  m_notes->setFocusPolicy(Qt::NoFocus);
  m_notes->setOpenLinks(false);
  m_current->setFocusPolicy(Qt::NoFocus);
  m_next->setFocusPolicy(Qt::NoFocus);
  auto* right = new QVBoxLayout;
  right->addWidget(m_nextLabel);
  right->addWidget(m_next, 2);
  right->addWidget(m_notes, 3);
  auto* grid = new QGridLayout(this);
  grid->addWidget(m_current, 0, 0);
  grid->addLayout(right, 0, 1);
  grid->addWidget(m_status, 1, 0);
  grid->addWidget(m_clock, 1, 1, Qt::AlignRight);
  grid->setColumnStretch(0, 3);
  grid->setColumnStretch(1, 2);
  grid->setRowStretch(0, 1);
}

void PresenterWidget::show(slides::DeckPosition at, slides::DeckPosition next, bool hasNext,
                           const QString& notes, const QString& status) {
  m_current->setPosition(at);
  m_next->setPosition(next, hasNext);
  // The clock refreshes every second: setting the same notes again would reset their scrolling.
  const QString text = notes.isEmpty() ? tr("*(no notes)*") : notes;
  if (text != m_notesSource) {
    m_notesSource = text;
    m_notes->setMarkdown(text);
  }
  m_status->setText(status);
}

void PresenterWidget::setElapsed(const QString& elapsed) {
  m_clock->setText(elapsed);
}

void PresenterWidget::resizeEvent(QResizeEvent* event) {
  // The lecturer reads this from a step away: type grows with the window, never below 18 px.
  QFont text = font();
  text.setPixelSize(std::max(18, height() / 32));
  m_notes->setFont(text);
  m_nextLabel->setFont(text);
  QFont big = text;
  big.setPixelSize(std::max(20, height() / 24));
  big.setBold(true);
  m_status->setFont(big);
  m_clock->setFont(big);
  QWidget::resizeEvent(event);
}

} // namespace collscope::app
