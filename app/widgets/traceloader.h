// Loads a trace off the GUI thread (QtConcurrent) behind a progress dialog that can cancel.
// OTF2 reading itself cannot be interrupted, so a cancel takes effect after the current step;
// its result is then dropped. A newer load supersedes an older one the same way.
//
// Threads: each load is one Job, shared by the GUI thread and the worker. The worker touches
// only the job's atomic cancel flag and posts its progress to the application object (queued,
// runs on the GUI thread); the dialog is reached only on the GUI thread, so a newer load that
// replaces it never races with an older worker still reporting.
#pragma once

#include "document/tracedocument.h"

#include <QObject>
#include <QPointer>
#include <atomic>
#include <memory>

class QProgressDialog;
class QWidget;

namespace collscope::app {

class TraceLoader : public QObject {
  Q_OBJECT
public:
  explicit TraceLoader(QWidget* window);
  ~TraceLoader() override;

  void load(const QString& path);

signals:
  void loaded(const QString& path, std::shared_ptr<TraceDocument> document);
  void failed(const QString& path, const QString& message);

private:
  struct Result {
    std::shared_ptr<TraceDocument> document;
    QString error;
    bool cancelled = false;
  };

  struct Job {
    std::atomic<bool> cancelled{false};
    QPointer<QProgressDialog> dialog; ///< GUI thread only
    bool over = false;                ///< GUI thread only: progress still queued is stale
  };

  QWidget* m_window;
  std::shared_ptr<Job> m_job;
  int m_generation = 0;
};

} // namespace collscope::app
