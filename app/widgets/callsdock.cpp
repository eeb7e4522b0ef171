#include "callsdock.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace collscope::app {

CallsDock::CallsDock(QWidget* parent)
    : QDockWidget(tr("Calls"), parent), m_model(new CallListModel(nullptr, this)) {
  setObjectName(QStringLiteral("callsDock"));
  auto* body = new QWidget(this);
  m_view = new QTreeView(body);
  m_view->setObjectName(QStringLiteral("callsView"));
  m_view->setModel(m_model);
  m_view->setRootIsDecorated(true);
  m_view->setUniformRowHeights(true);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->header()->setStretchLastSection(true);
  m_words = new QLabel(body);
  m_words->setWordWrap(true);
  m_words->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_compare = new QPushButton(tr("Compare with the lecture…"), body);
  m_compare->setObjectName(QStringLiteral("compareButton"));
  m_compare->setToolTip(tr("Record the algorithm this call resembles (or any of the registry) "
                           "with collscope-run at the same p, root and count, and show both "
                           "side by side on one axis"));
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(m_view, 1);
  layout->addWidget(m_words);
  layout->addWidget(m_compare);
  setWidget(body);
  connect(m_compare, &QPushButton::clicked, this, &CallsDock::compareRequested);
  connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            const int call = current.isValid() ? current.data(CallListModel::CallRole).toInt() : -1;
            describe(call);
            if (!m_quiet && current.isValid()) emit callSelected(call);
          });
  setDocument(nullptr);
}

void CallsDock::setDocument(const TraceDocument* whole) {
  m_document = whole;
  m_quiet = true;
  m_model->setDocument(whole);
  m_view->expandAll();
  for (int c = 0; c < CallListModel::ColumnCount; ++c)
    if (c != CallListModel::Resembles) m_view->resizeColumnToContents(c);
  m_quiet = false;
  m_compare->setEnabled(whole != nullptr);
  setCurrentCall(-1);
}

void CallsDock::setCurrentCall(int call) {
  m_quiet = true;
  const QModelIndex index = m_model->indexOfCall(call);
  if (index.isValid())
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                         QItemSelectionModel::Rows);
  m_quiet = false;
  describe(call);
}

void CallsDock::describe(int call) {
  if (m_document == nullptr) {
    m_words->clear();
    return;
  }
  const TraceCalls& calls = m_document->calls();
  if (call < 0 || call >= calls.size()) {
    m_words->setText(tr("Whole program: %1 calls. Select one to see it alone, times and rounds "
                        "from 0.")
                         .arg(calls.size()));
    return;
  }
  const model::Resemblance& r = calls.resemblance(call);
  m_words->setText(
      r.known() ? tr("Resembles %1: %2").arg(resemblanceText(r), QString::fromStdString(r.words))
                : tr("Nothing in the registry is near this call."));
}

} // namespace collscope::app
