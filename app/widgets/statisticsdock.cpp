#include "statisticsdock.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace collscope::app {

namespace {

QTableView* table(QWidget* parent) {
  auto* view = new QTableView(parent);
  view->verticalHeader()->hide();
  view->horizontalHeader()->setStretchLastSection(true);
  // Columns follow their contents (fonts scale with the window), the last one takes the rest.
  view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view->setAlternatingRowColors(true);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  view->setWordWrap(true);
  view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  return view;
}

} // namespace

StatisticsDock::StatisticsDock(QWidget* parent) : QDockWidget(tr("Statistics"), parent) {
  setObjectName(QStringLiteral("statistics"));
  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  auto* form = new QFormLayout;
  m_alpha = new QDoubleSpinBox(content);
  m_alpha->setRange(0.0, 1e6);
  m_alpha->setDecimals(3);
  m_alpha->setSuffix(tr(" µs"));
  m_alpha->setToolTip(tr("α: the cost of one message, independent of its size"));
  m_beta = new QDoubleSpinBox(content);
  m_beta->setRange(0.0, 1e6);
  m_beta->setDecimals(4);
  m_beta->setSingleStep(0.05);
  m_beta->setSuffix(tr(" ns/byte"));
  m_beta->setToolTip(tr("β: the cost per byte (0.2 ns/byte = 5 GB/s)"));
  form->addRow(tr("α per message"), m_alpha);
  form->addRow(tr("β per byte"), m_beta);
  layout->addLayout(form);
  // Why an edit in the table was refused; cleared by the next accepted value.
  m_message = new QLabel(content);
  m_message->setObjectName(QStringLiteral("statisticsMessage"));
  m_message->setWordWrap(true);
  m_message->setStyleSheet(QStringLiteral("color: #b00020"));
  layout->addWidget(m_message);
  auto* splitter = new QSplitter(Qt::Vertical, content);
  m_statisticsView = table(splitter);
  m_ranksView = table(splitter);
  m_statisticsView->setObjectName(QStringLiteral("statisticsTable"));
  m_ranksView->setObjectName(QStringLiteral("rankTable"));
  m_ranksView->setSortingEnabled(false);
  layout->addWidget(splitter, 1);
  setWidget(content);

  const auto apply = [this] {
    if (m_statistics) m_statistics->setAlphaBeta({m_alpha->value() * 1e-6, m_beta->value() * 1e-9});
  };
  connect(m_alpha, &QDoubleSpinBox::valueChanged, this, apply);
  connect(m_beta, &QDoubleSpinBox::valueChanged, this, apply);
  setDocument(nullptr, std::nullopt);
}

void StatisticsDock::setDocument(TraceDocument* document,
                                 const std::optional<AlgorithmCatalog>& catalog,
                                 const Playback* playback) {
  m_statisticsView->setModel(nullptr);
  m_ranksView->setModel(nullptr);
  delete m_statistics;
  delete m_ranks;
  m_statistics = nullptr;
  m_ranks = nullptr;
  m_alpha->setEnabled(document != nullptr);
  m_beta->setEnabled(document != nullptr);
  if (document == nullptr) return;
  m_statistics = new StatisticsModel(document, this);
  m_statistics->setCatalog(catalog);
  m_statistics->setPlayback(playback);
  m_ranks = new RankStatsModel(document, this);
  connect(m_statistics, &StatisticsModel::alphaBetaChanged, m_ranks,
          &RankStatsModel::replayChanged);
  connect(m_statistics, &StatisticsModel::alphaBetaChanged, this, &StatisticsDock::syncSpinBoxes);
  connect(m_statistics, &StatisticsModel::inputRejected, m_message, &QLabel::setText);
  m_statisticsView->setModel(m_statistics);
  m_ranksView->setModel(m_ranks);
  syncSpinBoxes();
}

void StatisticsDock::setCatalog(const std::optional<AlgorithmCatalog>& catalog) {
  if (m_statistics != nullptr) m_statistics->setCatalog(catalog);
}

void StatisticsDock::scaleTo(const QSize& window) {
  const int pixels =
      std::clamp(static_cast<int>(std::lround(window.height() / 900.0 * 16)), 14, 24);
  QFont font = widget()->font();
  if (font.pixelSize() == pixels) return;
  font.setPixelSize(pixels);
  widget()->setFont(font);
}

int StatisticsDock::preferredWidth(const QSize& window) {
  return std::clamp(window.width() * 34 / 100, 300, 520);
}

void StatisticsDock::syncSpinBoxes() {
  if (m_statistics == nullptr) return;
  const model::AlphaBeta ab = m_statistics->alphaBeta();
  const QSignalBlocker blockAlpha(m_alpha);
  const QSignalBlocker blockBeta(m_beta);
  m_alpha->setValue(ab.alpha * 1e6);
  m_beta->setValue(ab.beta * 1e9);
  m_message->clear();
}

} // namespace collscope::app
