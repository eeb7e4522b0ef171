#include "models/rankstatsmodel.h"

#include "format/units.h"

namespace collscope::app {

RankStatsModel::RankStatsModel(const TraceDocument* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document) {}

int RankStatsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || m_document == nullptr ? 0 : m_document->rankCount();
}

int RankStatsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant RankStatsModel::raw(int rank, int column) const {
  const TraceAnalyses& a = m_document->analyses();
  const auto r = static_cast<std::size_t>(rank);
  const auto at = [r](const auto& values) -> QVariant {
    using T = std::decay_t<decltype(values[0])>;
    if (r >= values.size()) return QVariant();
    if constexpr (std::is_floating_point_v<T>)
      return static_cast<double>(values[r]);
    else
      return static_cast<qulonglong>(values[r]);
  };
  switch (column) {
  case Rank:
    return rank;
  case BytesSent:
    return at(a.volume.sent);
  case BytesReceived:
    return at(a.volume.received);
  case MessagesSent:
    return at(a.messagesSent);
  case MessagesReceived:
    return at(a.messagesReceived);
  case Waiting:
    return at(a.waiting.per_rank);
  case Completion:
    return at(a.rankEnd);
  case ReplayCompletion:
    return at(m_document->replay().rank_completion);
  default:
    return {};
  }
}

QVariant RankStatsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  if (role == Qt::UserRole) return raw(index.row(), index.column());
  if (role == Qt::TextAlignmentRole)
    return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
  if (role != Qt::DisplayRole) return {};
  const QVariant value = raw(index.row(), index.column());
  if (!value.isValid()) return QStringLiteral("–");
  switch (index.column()) {
  case BytesSent:
  case BytesReceived:
    return formatBytes(value.toULongLong());
  case Waiting:
  case Completion:
  case ReplayCompletion:
    return formatDuration(value.toDouble());
  default:
    return value.toString();
  }
}

QVariant RankStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  static const char* const names[ColumnCount] = {"Rank",          "Sent",
                                                 "Received",      "Msgs sent",
                                                 "Msgs received", "Blocked in receives",
                                                 "Finished at",   "Finished (α-β replay)"};
  return section >= 0 && section < ColumnCount ? QString::fromUtf8(names[section]) : QVariant();
}

void RankStatsModel::replayChanged() {
  if (rowCount() == 0) return;
  emit dataChanged(index(0, ReplayCompletion), index(rowCount() - 1, ReplayCompletion));
}

} // namespace collscope::app
