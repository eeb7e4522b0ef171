#include "models/calllistmodel.h"

#include "format/units.h"

namespace collscope::app {

CallListModel::CallListModel(const TraceDocument* whole, QObject* parent)
    : QAbstractItemModel(parent), m_document(whole) {
  build();
}

void CallListModel::setDocument(const TraceDocument* whole) {
  beginResetModel();
  m_document = whole;
  build();
  endResetModel();
}

void CallListModel::build() {
  m_children.clear();
  m_parent.clear();
  m_row.clear();
  if (m_document == nullptr) return;
  const std::vector<model::Call>& calls = m_document->calls().calls;
  const std::size_t nodes = calls.size() + 2;
  m_children.assign(nodes, {});
  m_parent.assign(nodes, rootNode);
  m_row.assign(nodes, 0);
  m_children[rootNode].push_back(wholeNode);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const int parentCall = calls[i].parent;
    // A parent that is not an earlier call would make a cycle; such a call stays at the top.
    const int parent =
        parentCall >= 0 && parentCall < static_cast<int>(i) ? parentCall + 2 : rootNode;
    const int node = static_cast<int>(i) + 2;
    m_parent[static_cast<std::size_t>(node)] = parent;
    m_row[static_cast<std::size_t>(node)] =
        static_cast<int>(m_children[static_cast<std::size_t>(parent)].size());
    m_children[static_cast<std::size_t>(parent)].push_back(node);
  }
}

QModelIndex CallListModel::indexOfCall(int call, int column) const {
  const int node = call < 0 ? wholeNode : call + 2;
  if (node >= static_cast<int>(m_parent.size())) return {};
  return createIndex(m_row[static_cast<std::size_t>(node)], column, quintptr(node));
}

void CallListModel::summaryChanged(int call) {
  const QModelIndex first = indexOfCall(call, 0);
  if (first.isValid()) emit dataChanged(first, indexOfCall(call, ColumnCount - 1));
}

QModelIndex CallListModel::index(int row, int column, const QModelIndex& parent) const {
  if (column < 0 || column >= ColumnCount || row < 0 || m_children.empty()) return {};
  const int node = parent.isValid() ? static_cast<int>(parent.internalId()) : rootNode;
  const std::vector<int>& children = m_children[static_cast<std::size_t>(node)];
  if (row >= static_cast<int>(children.size())) return {};
  return createIndex(row, column, quintptr(children[static_cast<std::size_t>(row)]));
}

QModelIndex CallListModel::parent(const QModelIndex& child) const {
  if (!child.isValid()) return {};
  const int parent = m_parent[static_cast<std::size_t>(child.internalId())];
  if (parent == rootNode) return {};
  return createIndex(m_row[static_cast<std::size_t>(parent)], 0, quintptr(parent));
}

int CallListModel::rowCount(const QModelIndex& parent) const {
  if (m_children.empty() || parent.column() > 0) return 0;
  const int node = parent.isValid() ? static_cast<int>(parent.internalId()) : rootNode;
  return static_cast<int>(m_children[static_cast<std::size_t>(node)].size());
}

int CallListModel::columnCount(const QModelIndex&) const {
  return ColumnCount;
}

QVariant CallListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || m_document == nullptr) return {};
  const int node = static_cast<int>(index.internalId());
  if (role == CallRole) return node == wholeNode ? -1 : node - 2;
  if (node == wholeNode) return wholeData(index.column(), role);
  return callData(node - 2, index.column(), role);
}

QVariant CallListModel::wholeData(int column, int role) const {
  if (role == Qt::ToolTipRole)
    return tr("The whole trace: every call, times and rounds as recorded");
  if (role == Qt::TextAlignmentRole && column != Name && column != Kind && column != Resembles)
    return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  const TraceDocument& d = *m_document;
  switch (column) {
  case Name:
    return tr("Whole program");
  case Kind:
    return tr("trace");
  case Processes:
    return d.rankCount();
  case Messages:
    return static_cast<qulonglong>(d.trace().messages.size());
  case Bytes:
    return formatBytes(d.analyses().volume.total);
  case Rounds:
    return d.analyses().inferred.rounds;
  default:
    return {};
  }
}

QVariant CallListModel::callData(int index, int column, int role) const {
  const model::Call& call = m_document->calls().calls[static_cast<std::size_t>(index)];
  const model::CallSummary* summary = m_document->calls().summary(index);
  const model::Resemblance& resemblance = m_document->calls().resemblance(index);
  if (role == Qt::ToolTipRole) {
    QString tip = callTitle(call);
    if (!resemblance.words.empty())
      tip += QStringLiteral("\nresembles %1: %2")
                 .arg(resemblanceText(resemblance), QString::fromStdString(resemblance.words));
    if (call.crossing > 0)
      tip += tr("\n%1 messages cross its border (left out)").arg(call.crossing);
    if (call.self_messages > 0)
      tip += tr("\n%1 messages to oneself (not counted)").arg(call.self_messages);
    return tip;
  }
  if (role == Qt::TextAlignmentRole && column != Name && column != Kind && column != Resembles)
    return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  switch (column) {
  case Index:
    return call.index;
  case Kind:
    return QString::fromUtf8(model::to_string(call.kind));
  case Name:
    return QString::fromStdString(call.name);
  case Processes:
    return call.size();
  case Root: // a phase has no root of its own: the one its resemblance was found at, bracketed
    if (call.root >= 0) return call.root;
    if (resemblance.known() && resemblance.root >= 0)
      return QStringLiteral("(%1)").arg(resemblance.root);
    return {};
  case Messages:
    return call.messages;
  case Bytes: // a native collective's messages are MPI's own: the bytes it was given to send
    return formatBytes(call.kind == model::CallKind::collective ? call.collective_bytes
                                                                : call.bytes);
  case Rounds: // rounds of messages between ranks: none to count in a native collective
    return summary != nullptr && call.kind != model::CallKind::collective
               ? QVariant(summary->rounds_inferred)
               : QVariant();
  case Resembles:
    return resemblanceText(resemblance);
  default:
    return {};
  }
}

QVariant CallListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* const names[] = {"#",    "kind",  "call",   "p",        "root",
                                      "msgs", "bytes", "rounds", "resembles"};
  if (section < 0 || section >= ColumnCount) return {};
  return tr(names[section]);
}

} // namespace collscope::app
