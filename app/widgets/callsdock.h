// The Calls dock: the trace's calls (CallListModel) as a tree, "Whole program" first.
// Selecting a row scopes every view to that call; "Compare with the lecture…" records the
// algorithm the call resembles and shows both side by side.
#pragma once

#include "models/calllistmodel.h"

#include <QDockWidget>

class QLabel;
class QPushButton;
class QTreeView;

namespace collscope::app {

class CallsDock : public QDockWidget {
  Q_OBJECT
public:
  explicit CallsDock(QWidget* parent = nullptr);

  /// The whole trace's document, or null.
  void setDocument(const TraceDocument* whole);
  /// Marks call `call` (−1: the whole program) as the current row without signalling.
  void setCurrentCall(int call);
  CallListModel* model() const { return m_model; }
  QTreeView* view() const { return m_view; }

signals:
  void callSelected(int call);
  void compareRequested();

private:
  void describe(int call);

  CallListModel* m_model;
  QTreeView* m_view;
  QLabel* m_words;
  QPushButton* m_compare;
  const TraceDocument* m_document = nullptr;
  bool m_quiet = false;
};

} // namespace collscope::app
