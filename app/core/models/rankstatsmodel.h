// One row per rank: what it sent and received, how long it was blocked in receives, when it
// finished in the run and in the α-β replay (the replay column follows α and β).
#pragma once

#include "document/tracedocument.h"

#include <QAbstractTableModel>

namespace collscope::app {

class RankStatsModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column {
    Rank,
    BytesSent,
    BytesReceived,
    MessagesSent,
    MessagesReceived,
    Waiting,
    Completion,
    ReplayCompletion,
    ColumnCount
  };

  explicit RankStatsModel(const TraceDocument* document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

public slots:
  /// The document's replay changed (new α or β).
  void replayChanged();

private:
  QVariant raw(int rank, int column) const;

  const TraceDocument* m_document;
};

} // namespace collscope::app
