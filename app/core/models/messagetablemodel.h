// Every matched message of the trace as a table row: who sent what to whom, when, in which round.
#pragma once

#include "document/tracedocument.h"

#include <QAbstractTableModel>

namespace collscope::app {

class MessageTableModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column {
    Sender,
    Receiver,
    Bytes,
    Tag,
    SendTime,
    ReceiveTime,
    Transfer,
    Blocked,
    InferredRound,
    AnnotatedRound,
    ColumnCount
  };
  /// Qt::UserRole gives raw numbers (seconds, bytes) for sorting; MessageRole the message index.
  static constexpr int MessageRole = Qt::UserRole + 1;

  explicit MessageTableModel(const TraceDocument* document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

private:
  QVariant raw(int message, int column) const;

  const TraceDocument* m_document;
};

} // namespace collscope::app
