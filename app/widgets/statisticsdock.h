// The statistics panel: α and β spin boxes (the replay follows them live), the statistics
// table and the per-rank table.
#pragma once

#include "models/rankstatsmodel.h"
#include "models/statisticsmodel.h"

#include <QDockWidget>

class QDoubleSpinBox;
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

private:
  void syncSpinBoxes();

  StatisticsModel* m_statistics = nullptr;
  RankStatsModel* m_ranks = nullptr;
  QDoubleSpinBox* m_alpha;
  QDoubleSpinBox* m_beta;
  QTableView* m_statisticsView;
  QTableView* m_ranksView;
};

} // namespace collscope::app
