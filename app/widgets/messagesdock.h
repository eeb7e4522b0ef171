// The message list: every message of the trace, sortable; selecting a row selects the message
// in the views and the other way round.
#pragma once

#include "document/selection.h"
#include "models/messagetablemodel.h"

#include <QDockWidget>

class QSortFilterProxyModel;
class QTableView;

namespace collscope::app {

class MessagesDock : public QDockWidget {
  Q_OBJECT
public:
  MessagesDock(Selection* selection, QWidget* parent = nullptr);

  void setDocument(const TraceDocument* document);

private:
  void showSelected(int message);

  Selection* m_selection;
  MessageTableModel* m_model = nullptr;
  QSortFilterProxyModel* m_proxy;
  QTableView* m_view;
};

} // namespace collscope::app
