// The calls of a trace as a tree: "Whole program" first, then every call in order of its
// begin, a call nested in another (a collective inside an algorithm run, Call::parent) as its
// child. Selecting a row scopes every view to that call (the window swaps in its document).
#pragma once

#include "document/tracedocument.h"

#include <QAbstractItemModel>
#include <vector>

namespace collscope::app {

class CallListModel : public QAbstractItemModel {
  Q_OBJECT
public:
  enum Column {
    Index,
    Kind,
    Name,
    Processes,
    Root,
    Messages,
    Bytes,
    Rounds,
    Resembles,
    ColumnCount
  };
  /// The call's index in TraceCalls (−1 for "Whole program").
  static constexpr int CallRole = Qt::UserRole + 1;

  explicit CallListModel(const TraceDocument* whole = nullptr, QObject* parent = nullptr);
  /// The whole trace's document (its calls() are listed), or null for an empty list.
  void setDocument(const TraceDocument* whole);

  /// Call `call`'s summary was computed (TraceDocument::summarise): its row changes.
  void summaryChanged(int call);
  /// The row of call `call` (−1: "Whole program").
  QModelIndex indexOfCall(int call, int column = 0) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

private:
  // Nodes: 0 the invisible root, 1 "Whole program", call i is node i + 2.
  static constexpr int rootNode = 0;
  static constexpr int wholeNode = 1;
  void build();
  QVariant wholeData(int column, int role) const;
  QVariant callData(int call, int column, int role) const;

  const TraceDocument* m_document = nullptr;
  std::vector<std::vector<int>> m_children; ///< per node, its child nodes in order
  std::vector<int> m_parent;                ///< per node
  std::vector<int> m_row;                   ///< per node, its row under its parent
};

} // namespace collscope::app
