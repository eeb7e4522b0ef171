#include "traceloader.h"

#include "collscope/model/load_trace.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QtConcurrent/QtConcurrentRun>
#include <memory>

namespace collscope::app {

TraceLoader::TraceLoader(QWidget* window) : QObject(window), m_window(window) {}

TraceLoader::~TraceLoader() {
  if (m_job) m_job->cancelled.store(true);
}

void TraceLoader::load(const QString& path) {
  if (m_job) {
    m_job->cancelled.store(true);
    if (m_job->dialog) m_job->dialog->deleteLater();
  }
  const int generation = ++m_generation;
  auto job = std::make_shared<Job>();
  m_job = job;

  auto* dialog = new QProgressDialog(tr("Opening %1…").arg(QFileInfo(path).fileName()),
                                     tr("Cancel"), 0, 100, m_window);
  dialog->setWindowTitle(tr("Opening trace"));
  dialog->setWindowModality(Qt::WindowModal);
  dialog->setMinimumDuration(300);
  dialog->setAutoClose(false);
  dialog->setAutoReset(false);
  job->dialog = dialog;
  connect(dialog, &QProgressDialog::canceled, this, [job, dialog] {
    job->cancelled.store(true);
    dialog->setLabelText(tr("Cancelling after the current step…"));
  });

  LoadControl control;
  control.cancelled = &job->cancelled;
  // Runs on the worker: reads the atomic flag only, and posts to the application object,
  // which outlives every load; the posted call runs on the GUI thread.
  control.progress = [job](int percent, const QString& step) {
    if (job->cancelled.load()) return; // superseded or cancelled: nothing to show
    QCoreApplication* app = QCoreApplication::instance();
    if (app == nullptr) return;
    QMetaObject::invokeMethod(
        app,
        [job, percent, step] {
          if (job->over || !job->dialog) return;
          job->dialog->setValue(percent);
          job->dialog->setLabelText(step);
        },
        Qt::QueuedConnection);
  };

  auto* watcher = new QFutureWatcher<Result>(this);
  connect(watcher, &QFutureWatcher<Result>::finished, this, [=, this] {
    const Result result = watcher->result();
    watcher->deleteLater();
    // Hidden now, with its minimum-duration timer stopped (reset) and no queued progress left
    // to show it again: an error box opened next runs its own event loop, in which a dialog
    // merely scheduled for deletion would pop up and cover the error with a stale "Reading …
    // 0 %". (Not deleted here: this may run inside the dialog's own setValue.)
    job->over = true;
    if (job->dialog) {
      job->dialog->reset();
      job->dialog->hide();
      job->dialog->deleteLater();
    }
    if (generation != m_generation || result.cancelled) return;
    if (result.document)
      emit loaded(path, result.document);
    else
      emit failed(path, result.error);
  });
  // `job` is shared so the flag outlives this loader if the window closes.
  watcher->setFuture(QtConcurrent::run([path, control, job]() -> Result {
    Result result;
    try {
      result.document = TraceDocument::load(path, control);
    } catch (const LoadCancelled&) {
      result.cancelled = true;
    } catch (const model::TraceError& e) {
      result.error = QString::fromStdString(e.what());
    } catch (const std::exception& e) {
      result.error = QStringLiteral("cannot open %1: %2").arg(path, QString::fromUtf8(e.what()));
    }
    return result;
  }));
}

} // namespace collscope::app
