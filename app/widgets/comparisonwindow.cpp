#include "comparisonwindow.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace collscope::app {

class ComparisonWindow::Canvas : public QWidget {
public:
  Canvas(ComparisonView& view, QWidget* parent) : QWidget(parent), m_view(view) {
    setMinimumSize(480, 360);
  }

protected:
  void paintEvent(QPaintEvent*) override {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const Playback none;
    m_view.render(painter, rect(), none);
  }

private:
  ComparisonView& m_view;
};

ComparisonWindow::ComparisonWindow(std::shared_ptr<TraceDocument> first,
                                   std::shared_ptr<TraceDocument> second, QWidget* parent)
    : QWidget(parent, Qt::Window), m_first(std::move(first)), m_second(std::move(second)),
      m_view(std::make_unique<ComparisonView>(*m_first, *m_second)) {
  setAttribute(Qt::WA_DeleteOnClose);
  setObjectName(QStringLiteral("comparisonWindow"));
  setWindowTitle(QStringLiteral("collscope — %1  |  %2").arg(m_first->title(), m_second->title()));
  resize(1400, 900);
  auto* axis = m_axis = new QComboBox(this);
  axis->setObjectName(QStringLiteral("comparisonAxis"));
  axis->addItem(tr("time (one scale for both)"), static_cast<int>(AxisMode::time));
  axis->addItem(tr("rounds, inferred (from 0)"), static_cast<int>(AxisMode::inferredRounds));
  axis->addItem(tr("rounds, annotated (from 0)"), static_cast<int>(AxisMode::annotatedRounds));
  m_canvas = new Canvas(*m_view, this);
  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("x axis:"), this));
  bar->addWidget(axis);
  bar->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(m_canvas, 1);
  connect(axis, &QComboBox::currentIndexChanged, this,
          [this, axis](int) { setMode(static_cast<AxisMode>(axis->currentData().toInt())); });
}

ComparisonWindow::~ComparisonWindow() = default;

void ComparisonWindow::setMode(AxisMode mode) {
  const QSignalBlocker quiet(m_axis);
  m_axis->setCurrentIndex(m_axis->findData(static_cast<int>(mode)));
  m_view->setMode(mode);
  m_canvas->update();
}

} // namespace collscope::app
