#include "messagesdock.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace collscope::app {

MessagesDock::MessagesDock(Selection* selection, QWidget* parent)
    : QDockWidget(tr("Messages"), parent), m_selection(selection) {
  setObjectName(QStringLiteral("messages"));
  m_proxy = new QSortFilterProxyModel(this);
  m_proxy->setSortRole(Qt::UserRole);
  m_view = new QTableView(this);
  m_view->setModel(m_proxy);
  m_view->setSortingEnabled(true);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->setAlternatingRowColors(true);
  m_view->horizontalHeader()->setStretchLastSection(true);
  m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
  setWidget(m_view);
  connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (current.isValid())
              m_selection->setMessage(current.data(MessageTableModel::MessageRole).toInt());
          });
  connect(m_selection, &Selection::messageChanged, this, &MessagesDock::showSelected);
}

void MessagesDock::setDocument(const TraceDocument* document) {
  m_proxy->setSourceModel(nullptr);
  delete m_model;
  m_model = document ? new MessageTableModel(document, this) : nullptr;
  m_proxy->setSourceModel(m_model);
  if (m_model && m_model->rowCount() < 5000) m_view->resizeColumnsToContents();
}

void MessagesDock::showSelected(int message) {
  if (m_model == nullptr || message < 0 || message >= m_model->rowCount()) {
    m_view->clearSelection();
    return;
  }
  const QModelIndex index = m_proxy->mapFromSource(m_model->index(message, 0));
  if (m_view->currentIndex().row() == index.row()) return;
  m_view->setCurrentIndex(index);
  m_view->scrollTo(index);
}

} // namespace collscope::app
