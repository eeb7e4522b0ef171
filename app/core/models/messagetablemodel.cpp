#include "models/messagetablemodel.h"

#include "format/units.h"

namespace collscope::app {

MessageTableModel::MessageTableModel(const TraceDocument* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document) {}

int MessageTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || m_document == nullptr ? 0 : m_document->messageCount();
}

int MessageTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant MessageTableModel::raw(int message, int column) const {
  const model::Message& m = m_document->trace().messages[static_cast<std::size_t>(message)];
  const TraceAnalyses& a = m_document->analyses();
  const auto index = static_cast<std::size_t>(message);
  switch (column) {
  case Sender:
    return m.sender;
  case Receiver:
    return m.receiver;
  case Bytes:
    return static_cast<qulonglong>(m.bytes);
  case Tag:
    return m.tag;
  case SendTime:
    return m.send_time;
  case ReceiveTime:
    return m.recv_time;
  case Transfer:
    return m.recv_time - m.send_time;
  case Blocked:
    return index < a.waiting.receives.size() ? a.waiting.receives[index].wait : 0.0;
  case InferredRound:
    return index < a.inferred.message_round.size() ? a.inferred.message_round[index] : -1;
  case AnnotatedRound:
    return index < a.annotated.message_round.size() ? a.annotated.message_round[index] : -1;
  default:
    return {};
  }
}

QVariant MessageTableModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const int column = index.column();
  if (role == MessageRole) return index.row();
  if (role == Qt::UserRole) return raw(index.row(), column);
  if (role == Qt::TextAlignmentRole)
    return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
  if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
  const QVariant value = raw(index.row(), column);
  switch (column) {
  case Bytes:
    return formatBytes(value.toULongLong());
  case SendTime:
  case ReceiveTime:
  case Transfer:
  case Blocked:
    return formatDuration(value.toDouble());
  case InferredRound:
  case AnnotatedRound:
    return value.toInt() < 0 ? QStringLiteral("–") : value.toString();
  default:
    return value.toString();
  }
}

QVariant MessageTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical) return section;
  static const char* const names[ColumnCount] = {"From",
                                                 "To",
                                                 "Bytes",
                                                 "Tag",
                                                 "Sent at",
                                                 "Received at",
                                                 "Transfer",
                                                 "Blocked",
                                                 "Round (inferred)",
                                                 "Round (annotated)"};
  return section >= 0 && section < ColumnCount ? QString::fromUtf8(names[section]) : QVariant();
}

} // namespace collscope::app
