// The statistics panel: α and β spin boxes (the replay follows them live), the statistics
// table and the per-rank table.
#pragma once

#include "models/rankstatsmodel.h"
#include "models/statisticsmodel.h"

#include <QDockWidget>

class QDoubleSpinBox;
class QLabel;
class QTableView;

namespace collscope::app {

class StatisticsDock : public QDockWidget {
  Q_OBJECT
public:
  explicit StatisticsDock(QWidget* parent = nullptr);

  /// Shows `document` (null: nothing); the models are rebuilt for it. `playback` is the shared
  /// cursor, for the "At the cursor" row.
  void setDocument(TraceDocument* document, const std::optional<AlgorithmCatalog>& catalog,
                   const Playback* playback = nullptr);

  /// The registry's entry for the open trace's algorithm, once the catalog has arrived.
  void setCatalog(const std::optional<AlgorithmCatalog>& catalog);

  /// Scales the tables' font with the window (legible on a projector, never below 14 px).
  void scaleTo(const QSize& window);
  /// The dock's width for a window of this size: about a third, within 300..520 px.
  static int preferredWidth(const QSize& window);

private:
  void syncSpinBoxes();

  StatisticsModel* m_statistics = nullptr;
  RankStatsModel* m_ranks = nullptr;
  QDoubleSpinBox* m_alpha;
  QDoubleSpinBox* m_beta;
  QLabel* m_message;
  QTableView* m_statisticsView;
  QTableView* m_ranksView;
};

} // namespace collscope::app
