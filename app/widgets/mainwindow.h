// The main window: owns the open document, the shared playback and selection, one tab per
// registered view, the statistics and message docks, and the playback toolbar. It only wires
// core objects together; everything it shows is computed in app/core.
#pragma once

#include "document/tracedocument.h"
#include "document/traceoptions.h"
#include "playbackbar.h"
#include "run/algorithmcatalog.h"
#include "run/catalogloader.h"

#include <QMainWindow>
#include <QPointer>
#include <array>
#include <map>
#include <memory>
#include <optional>

class QLabel;
class QStackedWidget;
class QTabWidget;

namespace collscope::app {

class CallsDock;
class MessagesDock;
class RecentFiles;
class Selection;
class SpaceTimeWidget;
class StatisticsDock;
class TraceLoader;
class TraceViewWidget;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

public slots:
  void openTrace(const QString& path);
  /// Presents a deck (File ▸ Present…): its own windows, this one stays.
  void present(const QString& deck);
  /// The node layout every trace opened from now on is looked at with (the command line's).
  void setNodeOptions(const NodeOptions& options) { m_nodeOptions = options; }
  /// The call the next opened trace shows first (the command line's --call / --region); a call
  /// the trace does not have prints one line and ends the program with status 2.
  void setInitialCall(const CallOption& call) { m_initialCall = call; }
  /// A trace to compare the next opened one with, side by side (`collscope A B`), and the call
  /// of it to show (`--call2`/`--region2`; a call it does not have ends the program as --call).
  void setCompareWith(const QString& path, const CallOption& call = {}) {
    m_compareWith = path;
    m_compareCall = call;
  }
  /// Scopes every view to call `call` of the open trace (−1: the whole program).
  void showCall(int call);
  int currentCall() const { return m_currentCall; }
  /// Side by side in a window of their own: `first` (default: what the views show now) and
  /// `second` (a recorded run, or `collscope A B`).
  void compareWith(std::shared_ptr<TraceDocument> second,
                   std::shared_ptr<TraceDocument> first = nullptr);
  /// Brings the tab of view `name` (registry name) to the front.
  void showView(const QString& name);
  void setAxisMode(AxisMode mode);

protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

private:
  // mainwindowmenus.cpp
  void createActions();
  void createMenus();
  void openFileDialog();
  void openDirectoryDialog();
  void exportView();
  void showRunDialog();
  void presentDialog();
  void compareWithLecture();

  /// A newly opened whole trace: its calls in the dock, its views.
  void setDocument(std::shared_ptr<TraceDocument> document);
  /// The document every view, dock and title reads: the whole trace's or one call's.
  void showDocument(std::shared_ptr<TraceDocument> document);
  void clearViews();
  void updateCursorText();
  const std::optional<AlgorithmCatalog>& catalog() const { return m_catalog; }
  TraceViewWidget* currentView() const;

  std::shared_ptr<TraceDocument> m_document; ///< what the views show
  std::shared_ptr<TraceDocument> m_whole;    ///< the whole trace, with its calls
  std::map<int, std::shared_ptr<TraceDocument>> m_callDocuments; ///< built on first selection
  int m_currentCall = -1;
  CallOption m_initialCall;
  QString m_compareWith;
  CallOption m_compareCall;
  CallsDock* m_calls;
  NodeOptions m_nodeOptions;
  Playback* m_playback;
  Selection* m_selection;
  QStackedWidget* m_stack;
  QLabel* m_placeholder;
  QTabWidget* m_tabs;
  SpaceTimeWidget* m_spaceTime = nullptr;
  StatisticsDock* m_statistics;
  MessagesDock* m_messages;
  PlaybackActions m_playbackActions;
  PlaybackBar* m_playbackBar = nullptr;
  RecentFiles* m_recent = nullptr;
  TraceLoader* m_loader;
  QMenu* m_recentMenu = nullptr;
  QAction* m_exportAction = nullptr;
  QAction* m_fitAction = nullptr;
  QAction* m_criticalPathAction = nullptr;
  QAction* m_zoomInAction = nullptr;
  QAction* m_zoomOutAction = nullptr;
  std::array<QAction*, 3> m_axisActions{};
  AxisMode m_axisMode = AxisMode::time;
  CatalogLoader* m_catalogLoader;
  bool m_dockSized = false;
  std::optional<AlgorithmCatalog> m_catalog; ///< empty until collscope-run has answered
  QPointer<QObject> m_presentation;          ///< the deck being presented, a child
};

} // namespace collscope::app
